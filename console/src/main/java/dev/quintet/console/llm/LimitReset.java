package dev.quintet.console.llm;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** How often a key's spending limit starts again: UTC days, ISO weeks (from Monday), months. */
public enum LimitReset {
    DAILY("daily", "a day", "today"),
    WEEKLY("weekly", "a week", "this week"),
    MONTHLY("monthly", "a month", "this month");

    private final String key;
    private final String period;
    private final String window;

    LimitReset(String key, String period, String window) {
        this.key = key;
        this.period = period;
        this.window = window;
    }

    /** The reset the router calls {@code key}. */
    static Optional<LimitReset> named(String key) {
        for (LimitReset r : values()) {
            if (r.key.equals(key)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** What the form offers: {@code none}, then each reset. */
    public static List<String> choices() {
        return Stream.concat(Stream.of("none"), Stream.of(values()).map(LimitReset::key)).toList();
    }

    String key() {
        return key;
    }

    /** How a limit reads per period: {@code $2.50 a month}. */
    String period() {
        return period;
    }

    /** The current window: {@code this month}. */
    String window() {
        return window;
    }

    /** The router's field with the key's spending in the current window. */
    String usageField() {
        return "usage_" + key;
    }
}
