package dev.quintet.console.llm;

import dev.quintet.console.web.AxisNumbers;
import java.util.Locale;
import java.util.Optional;

/** What the chart stacks per day. */
enum Measure {
    COST("cost", "cost (USD)"),
    TOKENS("tokens", "tokens (prompt + completion)"),
    REQUESTS("requests", "requests");

    private final String key;
    private final String label;

    Measure(String key, String label) {
        this.key = key;
        this.label = label;
    }

    static Optional<Measure> named(String key) {
        for (Measure m : values()) {
            if (m.key.equals(key)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    String key() {
        return key;
    }

    public String label() {
        return label;
    }

    double of(ActivityRow row) {
        return switch (this) {
            case COST -> row.cost().doubleValue();
            case TOKENS -> row.tokens();
            case REQUESTS -> row.requests();
        };
    }

    String format(double value) {
        return switch (this) {
            case COST -> value == 0 ? "$0" : value < 0.01 ? String.format(Locale.ENGLISH, "$%.4f", value)
                    : String.format(Locale.ENGLISH, "$%,.2f", value);
            case TOKENS, REQUESTS -> AxisNumbers.compact(Math.round(value));
        };
    }
}
