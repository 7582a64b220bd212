package dev.quintet.router.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.quintet.platform.keys.ApiKey;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.platform.quota.QuotaLimits;
import dev.quintet.router.billing.FreeTier;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.Ledger;
import dev.quintet.router.generations.Generations;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /key} (the calling key: its spending, its limit and its free-model allowance) and {@code GET /credits} (the
 * account's credit), in OpenRouter's shapes. Amounts are US dollars; windows are UTC days, ISO weeks and months.
 */
@RestController
final class KeyController {

    static final String RATE_LIMIT_NOTE = "This field is deprecated and safe to ignore; free models are limited per "
            + "account as free_model_limits says, paid models by the account's credit and the key's limit.";

    private final ApiKeys keys;
    private final Ledger ledger;
    private final FreeTier freeTier;
    private final Generations generations;
    private final KeyLimits keyLimits;

    KeyController(ApiKeys keys, Ledger ledger, FreeTier freeTier, Generations generations, KeyLimits keyLimits) {
        this.keys = keys;
        this.ledger = ledger;
        this.freeTier = freeTier;
        this.generations = generations;
        this.keyLimits = keyLimits;
    }

    @GetMapping({"/api/v1/key", "/v1/key"})
    Map<String, KeyView> key(@RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        Optional<ApiKey> key = keys.byId(holder.keyId());
        String label = key.map(ApiKey::label).orElse(null);
        String expiresAt = key.map(ApiKey::expiresAt).map(Instant::toString).orElse(null);
        QuotaLimits free = freeTier.limitsOf(holder.accountId());
        generations.flush(); // charges are made behind the answer: a caller finds those of the answers it has had
        KeyFigures figures = KeyFigures.of(keyLimits, holder.keyId());
        return Map.of("data", new KeyView(label, figures.limit(), figures.limitRemaining(), figures.limitReset(),
                false, figures.usage(), figures.usageDaily(), figures.usageWeekly(), figures.usageMonthly(),
                BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO,
                ledger.granted(holder.accountId()).signum() == 0, holder.console(), false, null, expiresAt,
                new RateLimit(-1, "10s", RATE_LIMIT_NOTE), new FreeModelLimits(free.perMinute(), free.perDay())));
    }

    @GetMapping({"/api/v1/credits", "/v1/credits"})
    Map<String, CreditsView> credits(@RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        generations.flush(); // charges are made behind the answer: a caller finds those of the answers it has had
        return Map.of("data", new CreditsView(KeyFigures.plain(ledger.granted(holder.accountId())),
                KeyFigures.plain(ledger.spent(holder.accountId()))));
    }

    /**
     * {@code limit} is null for a key without a spending limit of its own (the account's credit caps it all the same);
     * a key has no creator apart from its account ({@code creator_user_id} null); the console's own keys are
     * management keys (none is a provisioning key, which users make at OpenRouter). Nulls are sent: OpenRouter's SDKs
     * require the fields.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record KeyView(String label, BigDecimal limit, BigDecimal limitRemaining, String limitReset,
                   boolean includeByokInLimit, BigDecimal usage, BigDecimal usageDaily, BigDecimal usageWeekly,
                   BigDecimal usageMonthly, BigDecimal byokUsage, BigDecimal byokUsageDaily,
                   BigDecimal byokUsageWeekly, BigDecimal byokUsageMonthly, boolean isFreeTier,
                   boolean isManagementKey, boolean isProvisioningKey, String creatorUserId, String expiresAt,
                   RateLimit rateLimit, FreeModelLimits freeModelLimits) {
    }

    record RateLimit(int requests, String interval, String note) {
    }

    record FreeModelLimits(long requestsPerMinute, long requestsPerDay) {
    }

    record CreditsView(BigDecimal totalCredits, BigDecimal totalUsage) {
    }
}
