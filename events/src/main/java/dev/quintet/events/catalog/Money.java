package dev.quintet.events.catalog;

import java.math.BigDecimal;
import java.util.Currency;

/** Minor units to major ones by the currency's own number of decimals (2 for USD, 0 for JPY, 3 for KWD). */
public final class Money {

    private Money() {
    }

    public static BigDecimal major(long minor, String currency) {
        int digits = Currency.getInstance(currency).getDefaultFractionDigits();
        return BigDecimal.valueOf(minor, Math.max(digits, 0));
    }
}
