package dev.quintet.router.web;

import dev.quintet.router.billing.KeyLimit;
import dev.quintet.router.billing.KeyLimits;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;

/**
 * What a key spent and its limit, in OpenRouter's terms: {@code limit_remaining} is the limit less what was spent in
 * its window (never below zero), all three limit fields null without a limit.
 */
record KeyFigures(KeyLimits.Spending spending, BigDecimal limit, BigDecimal limitRemaining, String limitReset) {

    /** The figures of key {@code keyId} now; the caller waits for pending charges first. */
    static KeyFigures of(KeyLimits keyLimits, UUID keyId) {
        KeyLimits.Spending spending = keyLimits.spending(keyId);
        Optional<KeyLimit> limit = keyLimits.current(keyId);
        if (limit.isEmpty()) {
            return new KeyFigures(spending, null, null, null);
        }
        BigDecimal usd = limit.get().usd();
        BigDecimal remaining = usd.subtract(spending.in(limit.get().reset())).max(BigDecimal.ZERO);
        return new KeyFigures(spending, plain(usd), plain(remaining),
                limit.get().reset() == null ? null : limit.get().reset().wireName());
    }

    BigDecimal usage() {
        return plain(spending.total());
    }

    BigDecimal usageDaily() {
        return plain(spending.daily());
    }

    BigDecimal usageWeekly() {
        return plain(spending.weekly());
    }

    BigDecimal usageMonthly() {
        return plain(spending.monthly());
    }

    /** An amount without trailing zeros ({@code 0} rather than {@code 0E-8}). */
    static BigDecimal plain(BigDecimal usd) {
        return usd.signum() == 0 ? BigDecimal.ZERO : usd.stripTrailingZeros();
    }
}
