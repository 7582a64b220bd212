package dev.quintet.console.web;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Amounts of US dollars as people read them: balances {@code $10.00 USD}, cents rounded down; ledger entries and
 * limits exact.
 */
public final class Money {

    private Money() {
    }

    public static String usd(BigDecimal amount) {
        BigDecimal cents = amount.setScale(2, RoundingMode.FLOOR);
        DecimalFormat format = new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.US));
        String digits = format.format(cents.abs());
        return (cents.signum() < 0 ? "-$" : "$") + digits + " USD";
    }

    /** A ledger amount with its sign and every digit that counts: {@code +$10.00}, {@code -$0.000123}. */
    public static String signed(BigDecimal amount) {
        return (amount.signum() < 0 ? "-" : "+") + exact(amount.abs());
    }

    /** An amount with cents and every further digit that counts: {@code $1,000,000.00}, {@code $0.000125}. */
    public static String exact(BigDecimal amount) {
        BigDecimal exact = amount.stripTrailingZeros();
        if (exact.scale() < 2) {
            exact = exact.setScale(2, RoundingMode.UNNECESSARY);
        }
        DecimalFormat format = new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.US));
        format.setMaximumFractionDigits(exact.scale());
        return (exact.signum() < 0 ? "-$" : "$") + format.format(exact.abs());
    }
}
