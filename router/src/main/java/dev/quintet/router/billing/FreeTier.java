package dev.quintet.router.billing;

import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.quota.QuotaDecision;
import dev.quintet.platform.quota.QuotaLimiter;
import dev.quintet.platform.quota.QuotaLimits;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Free models ({@code :free} variants and zero-priced endpoints) need no credit but are rationed per account, all its
 * keys together (more keys must not mean more free requests): so many requests per UTC minute and per UTC day, with a
 * larger daily allowance once the account has been granted enough credit in total.
 */
public final class FreeTier {

    /**
     * The allowances.
     *
     * @param perDayWithCredit the daily allowance once grants reach {@code creditForHigherLimit} US dollars
     */
    public record Limits(long perMinute, long perDay, long perDayWithCredit, BigDecimal creditForHigherLimit) {

        public Limits {
            if (perMinute < 1 || perDay < 1 || perDayWithCredit < 1) {
                throw new IllegalArgumentException("free-tier limits must be at least 1 request, got " + perMinute
                        + "/minute, " + perDay + "/day, " + perDayWithCredit + "/day with credit");
            }
            if (creditForHigherLimit == null || creditForHigherLimit.signum() < 0) {
                throw new IllegalArgumentException("the credit for the higher free-tier limit must be >= 0 USD, got "
                        + creditForHigherLimit);
            }
        }
    }

    /** How soon a grant that reaches the threshold lifts the daily allowance. */
    static final Duration RECHECK_AFTER = Duration.ofSeconds(30);

    private final QuotaLimiter limiter;
    private final Credits credits;
    private final Limits limits;
    /** Accounts known to be upgraded: grants only add up, so once upgraded an account stays so. */
    private final Cache<UUID, Boolean> upgradedAccounts = Caffeine.newBuilder().maximumSize(100_000).build();
    /** Accounts found not upgraded lately, so that their free requests do not each read their grants. */
    private final Cache<UUID, Boolean> notUpgradedAccounts;

    public FreeTier(QuotaLimiter limiter, Credits credits, Limits limits, Clock clock) {
        this.limiter = limiter;
        this.credits = credits;
        this.limits = limits;
        this.notUpgradedAccounts = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(RECHECK_AFTER)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis())).build();
    }

    public static boolean isFree(Model model, Endpoint endpoint) {
        return model.id().endsWith(":free") || endpoint.pricing().free();
    }

    /** The allowance of an account: the higher daily one once its grants reach the threshold. */
    public QuotaLimits limitsOf(UUID accountId) {
        return new QuotaLimits(limits.perMinute(), upgraded(accountId) ? limits.perDayWithCredit() : limits.perDay());
    }

    /** Counts one free request of {@code accountId}; a 429 with {@code Retry-After} when the allowance is spent. */
    public Optional<ApiException> admit(UUID accountId) {
        QuotaLimits allowance = limitsOf(accountId);
        QuotaDecision decision = limiter.acquire(accountId + ":router-free", allowance);
        if (decision.allowed()) {
            return Optional.empty();
        }
        boolean minute = decision.day().remaining() > 0; // when both are spent, the day's is the one to wait for
        QuotaDecision.Window spent = minute ? decision.minute() : decision.day();
        String rule = minute
                ? "free models allow " + allowance.perMinute() + " requests per minute per account"
                : "free models allow " + allowance.perDay() + " requests per UTC day per account"
                + (allowance.perDay() < limits.perDayWithCredit() ? " (" + limits.perDayWithCredit()
                + " once the account has been granted at least " + limits.creditForHigherLimit().toPlainString()
                + " USD of credit)" : "");
        long retry = decision.retryAfterSeconds();
        return Optional.of(new ApiException(429, "free_tier_rate_limited", rule + "; retry after " + retry
                + " seconds, or use a paid model")
                .withHeader("Retry-After", Long.toString(retry))
                .withHeader("X-RateLimit-Limit", Long.toString(spent.limit()))
                .withHeader("X-RateLimit-Remaining", "0")
                .withHeader("X-RateLimit-Reset", Long.toString(spent.resetSeconds())));
    }

    /**
     * Whether the account has been granted enough credit for the higher daily allowance; a grant that reaches it
     * counts within {@link #RECHECK_AFTER}.
     */
    public boolean upgraded(UUID accountId) {
        if (upgradedAccounts.getIfPresent(accountId) != null) {
            return true;
        }
        if (notUpgradedAccounts.getIfPresent(accountId) != null) {
            return false;
        }
        boolean upgraded = credits.granted(accountId).compareTo(limits.creditForHigherLimit()) >= 0;
        (upgraded ? upgradedAccounts : notUpgradedAccounts).put(accountId, true);
        return upgraded;
    }
}
