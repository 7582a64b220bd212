package dev.quintet.router.billing;

import java.math.BigDecimal;

/**
 * A key's spending limit: at most {@code usd} US dollars in each window of {@code reset}, or in all, without one.
 *
 * @param reset null for a limit on all the key ever spends
 */
public record KeyLimit(BigDecimal usd, LimitReset reset) {

    /** The most a limit may be, as the most credit one grant may add. */
    public static final BigDecimal MAX = new BigDecimal("1000000");
    /** The most decimals a limit may have: the ledger's unit. */
    public static final int DECIMALS = Ledger.SCALE;

    public KeyLimit {
        if (!allows(usd)) {
            throw new IllegalArgumentException("limit must be from 0 to " + MAX.toPlainString()
                    + " US dollars with at most " + DECIMALS + " decimals, got " + usd);
        }
    }

    /** Whether {@code usd} may be a limit: from 0 to {@link #MAX}, with at most the ledger's 8 decimals. */
    public static boolean allows(BigDecimal usd) {
        return usd.signum() >= 0 && usd.compareTo(MAX) <= 0 && usd.stripTrailingZeros().scale() <= DECIMALS;
    }

    /** How the window is named in messages: {@code monthly}, or {@code total} without a reset (OpenRouter's words). */
    public String windowName() {
        return reset == null ? "total" : reset.wireName();
    }
}
