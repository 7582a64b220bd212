package dev.quintet.console.llm;

import dev.quintet.console.web.FieldErrors;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A key's spending limit as a person typed it: {@code limit} in US dollars (blank for none) and {@code limit_reset}
 * ({@code none}, {@code daily}, {@code weekly} or {@code monthly}), checked by the rules the router applies: from 0
 * to {@link #MAX} dollars with at most {@link #MAX_DECIMALS} decimals.
 * Without a limit there is nothing to reset, so the reset is dropped.
 */
record LimitInput(BigDecimal limit, LimitReset reset) {

    static final BigDecimal MAX = new BigDecimal("1000000");
    static final int MAX_DECIMALS = 8;
    static final int MAX_LENGTH = 40;
    private static final Pattern AMOUNT = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)");

    /** The input, or empty with the reasons in {@code errors} under the names {@code limit} and {@code limit_reset}. */
    static Optional<LimitInput> read(String limitText, String resetText, FieldErrors errors) {
        String typed = limitText == null ? "" : limitText.strip();
        if (typed.startsWith("$")) {
            typed = typed.substring(1).strip();
        }
        BigDecimal limit = typed.isEmpty() ? null : amount(typed, errors);
        String resetKey = resetText == null || resetText.isBlank() ? "none" : resetText.strip();
        Optional<LimitReset> reset = LimitReset.named(resetKey);
        if (!resetKey.equals("none") && reset.isEmpty()) {
            errors.add("limit_reset", "limit_reset must be none, daily, weekly or monthly, got “" + shown(resetKey)
                    + "”");
        }
        if (!errors.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LimitInput(limit, limit == null ? null : reset.orElse(null)));
    }

    private static BigDecimal amount(String typed, FieldErrors errors) {
        if (typed.length() > MAX_LENGTH) {
            errors.add("limit", "limit must be at most " + MAX_LENGTH + " characters, got " + typed.length());
            return null;
        }
        if (!AMOUNT.matcher(typed).matches()) {
            errors.add("limit", "limit must be an amount of US dollars such as 2.50, or blank for no limit; got “"
                    + shown(typed) + "”");
            return null;
        }
        BigDecimal amount = new BigDecimal(typed);
        if (amount.signum() < 0 || amount.compareTo(MAX) > 0) {
            errors.add("limit", "limit must be from 0 to " + MAX.toPlainString() + " US dollars, got " + typed);
        } else if (amount.stripTrailingZeros().scale() > MAX_DECIMALS) {
            errors.add("limit", "limit must have at most " + MAX_DECIMALS + " decimal places, got " + typed);
        }
        return amount;
    }

    private static String shown(String text) {
        return text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) + "…" : text;
    }

    /** The router's {@code PATCH /api/v1/keys/{hash}} body; nulls are sent, they remove the limit. */
    Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("limit", limit == null ? null : plain(limit));
        body.put("limit_reset", reset == null ? null : reset.key());
        return body;
    }

    private static BigDecimal plain(BigDecimal amount) {
        BigDecimal stripped = amount.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
