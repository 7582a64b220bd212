package dev.quintet.console.web;

import java.util.Locale;

/** Numbers short enough for a chart's axis. */
public final class AxisNumbers {

    private AxisNumbers() {
    }

    /** {@code 950}, {@code 1.2k}, {@code 34k}, {@code 5.6M}. */
    public static String compact(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        String[] units = {"k", "M", "G", "T", "P", "E"};
        double value = n;
        int unit = -1;
        while (value >= 1_000 && unit < units.length - 1) {
            value /= 1_000;
            unit++;
        }
        String digits = String.format(Locale.ENGLISH, value < 10 ? "%.1f" : "%.0f", value);
        if (digits.endsWith(".0")) {
            digits = digits.substring(0, digits.length() - 2);
        }
        if (digits.equals("1000") && unit < units.length - 1) {
            return "1" + units[unit + 1];
        }
        return digits + units[unit];
    }
}
