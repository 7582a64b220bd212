package dev.quintet.router.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.keys.ApiKey;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.router.billing.KeyLimit;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.LimitReset;
import dev.quintet.router.generations.Generations;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The account's keys for the router and their spending limits, in the shape of OpenRouter's key management API:
 * {@code GET /keys}, {@code GET /keys/{hash}}, {@code PATCH /keys/{hash}} with {@code limit} and {@code limit_reset}.
 * A key's {@code hash} is its id. Only a management key may call them: here, the keys the console mints for itself
 * (a key that could raise its own limit would have none); keys are made, renamed and revoked in the console.
 */
@RestController
final class KeysController {

    private static final Set<String> SETTABLE = Set.of("limit", "limit_reset", "include_byok_in_limit");

    private final ApiKeys keys;
    private final KeyLimits keyLimits;
    private final Generations generations;

    KeysController(ApiKeys keys, KeyLimits keyLimits, Generations generations) {
        this.keys = keys;
        this.keyLimits = keyLimits;
        this.generations = generations;
    }

    @GetMapping({"/api/v1/keys", "/v1/keys"})
    Map<String, List<ManagedKeyView>> list(@RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        managing(holder);
        generations.flush(); // charges are made behind the answer: a caller finds those of the answers it has had
        return Map.of("data", routerKeys(holder).stream().map(this::view).toList());
    }

    @GetMapping({"/api/v1/keys/{hash}", "/v1/keys/{hash}"})
    Map<String, ManagedKeyView> one(@PathVariable String hash,
                                    @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        managing(holder);
        ApiKey key = find(holder, hash);
        generations.flush();
        return Map.of("data", view(key));
    }

    /**
     * Sets or removes the key's limit: {@code limit} US dollars (null: none) per {@code limit_reset} window (null:
     * in all). A field left out keeps its value; a limit spent already refuses paid requests at once.
     */
    @PatchMapping({"/api/v1/keys/{hash}", "/v1/keys/{hash}"})
    Map<String, ManagedKeyView> update(@PathVariable String hash,
                                       @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder,
                                       HttpServletRequest request) throws IOException {
        managing(holder);
        ApiKey key = find(holder, hash);
        JsonNode body = JsonBodies.readExact(request);
        if (!body.isObject()) {
            throw ApiException.invalidParameter("body", "the body must be a JSON object such as "
                    + "{\"limit\": 10, \"limit_reset\": \"monthly\"}");
        }
        for (String field : body.propertyNames()) {
            if (!SETTABLE.contains(field)) {
                String shown = cut(field);
                throw ApiException.invalidParameter(shown, shown + " cannot be changed here: a key's limit is set "
                        + "with limit and limit_reset; keys are renamed and revoked in the console");
            }
        }
        if (body.has("include_byok_in_limit") && !body.get("include_byok_in_limit").isBoolean()) {
            throw ApiException.invalidParameter("include_byok_in_limit", "include_byok_in_limit must be a boolean "
                    + "(it changes nothing: the router has no keys of your own for providers)");
        }
        LimitPatch patch = new LimitPatch(body.has("limit"), limit(body.path("limit")), body.has("limit_reset"),
                reset(body.path("limit_reset")));
        keyLimits.update(key.accountId(), key.id(), patch::apply);
        generations.flush();
        return Map.of("data", view(key));
    }

    private static void managing(KeyHolder holder) {
        if (!holder.console()) {
            throw new ApiException(403, "management_key_required", "only a management key may list keys or change "
                    + "their limits; set a key's limit in the console (LLM usage page)");
        }
    }

    /** The account's keys enabled for the router and not revoked, newest first. */
    private List<ApiKey> routerKeys(KeyHolder holder) {
        return keys.ofAccount(holder.accountId()).stream().filter(k -> !k.revoked() && k.allows("router")).toList();
    }

    private ApiKey find(KeyHolder holder, String hash) {
        return routerKeys(holder).stream().filter(k -> k.id().toString().equals(hash)).findFirst()
                .orElseThrow(() -> new ApiException(404, "key_not_found", "no key " + cut(hash)
                        + " of this account is enabled for the router (a key's hash is its id, as GET /keys lists)",
                        "hash"));
    }

    /** The limit sent: a number read exactly (no binary rounding); null for none, or when not sent. */
    private static BigDecimal limit(JsonNode value) {
        if (value.isNull() || value.isMissingNode()) {
            return null;
        }
        String rule = "limit must be null (no limit) or a number of US dollars from 0 to "
                + KeyLimit.MAX.toPlainString() + " with at most " + KeyLimit.DECIMALS + " decimals, got ";
        if (!value.isNumber()) {
            throw ApiException.invalidParameter("limit", rule + cut(value.toString()));
        }
        BigDecimal usd = value.decimalValue();
        if (!KeyLimit.allows(usd)) {
            throw ApiException.invalidParameter("limit", rule + cut(usd.toString()));
        }
        return usd;
    }

    /** {@code text}, cut to 60 characters: what the caller sent, echoed in a message. */
    private static String cut(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "..." : text;
    }

    /** The reset sent; null for none, or when not sent. */
    private static LimitReset reset(JsonNode value) {
        if (value.isNull() || value.isMissingNode()) {
            return null;
        }
        Optional<LimitReset> reset = value.isString() ? LimitReset.named(value.asString()) : Optional.empty();
        if (reset.isEmpty()) {
            throw ApiException.invalidParameter("limit_reset", "limit_reset must be \"daily\", \"weekly\", "
                    + "\"monthly\" or null (the limit applies to all the key spends), got " + cut(value.toString()));
        }
        return reset.get();
    }

    /**
     * What a {@code PATCH} changes: the limit if it sends one ({@code limit} null: none), the reset likewise; a field
     * not sent keeps the key's value.
     */
    private record LimitPatch(boolean setsLimit, BigDecimal limit, boolean setsReset, LimitReset reset) {

        Optional<KeyLimit> apply(Optional<KeyLimit> current) {
            BigDecimal usd = setsLimit ? limit : current.map(KeyLimit::usd).orElse(null);
            if (usd == null && setsReset && reset != null) {
                throw ApiException.invalidParameter("limit_reset", "limit_reset needs a limit: "
                        + (setsLimit ? "limit is null" : "the key has none, send limit too"));
            }
            LimitReset window = setsReset ? reset : current.map(KeyLimit::reset).orElse(null);
            return usd == null ? Optional.empty() : Optional.of(new KeyLimit(usd, window));
        }
    }

    private ManagedKeyView view(ApiKey key) {
        KeyFigures figures = KeyFigures.of(keyLimits, key.id());
        return new ManagedKeyView(key.id().toString(), key.label(), key.masked(), false, figures.limit(),
                figures.limitRemaining(), figures.limitReset(), false, figures.usage(), figures.usageDaily(),
                figures.usageWeekly(), figures.usageMonthly(), key.createdAt().toString());
    }

    /** A key as OpenRouter's key management API shows it; the limit fields are sent null without a limit. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record ManagedKeyView(String hash, String name, String label, boolean disabled, BigDecimal limit,
                          BigDecimal limitRemaining, String limitReset, boolean includeByokInLimit, BigDecimal usage,
                          BigDecimal usageDaily, BigDecimal usageWeekly, BigDecimal usageMonthly, String createdAt) {
    }
}
