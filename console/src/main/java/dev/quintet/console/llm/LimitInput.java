package dev.quintet.console.llm;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.calls.ServiceCalls;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.console.web.FieldErrors;
import jakarta.servlet.http.HttpSession;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A key's spending limit as a person typed it: {@code limit} in US dollars (blank for none, a leading {@code $}
 * allowed) and {@code limit_reset} ({@code none}, {@code daily}, {@code weekly} or {@code monthly}). Only its form is
 * checked here; what amounts a limit may be is the router's to say, and its refusal is shown. Without a limit there
 * is nothing to reset, so the reset is dropped.
 */
public record LimitInput(BigDecimal limit, LimitReset reset) {

    static final int MAX_LENGTH = 40;
    private static final Pattern AMOUNT = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)");

    /** The input, or empty with the reasons in {@code errors} under the names {@code limit} and {@code limit_reset}. */
    public static Optional<LimitInput> read(String limitText, String resetText, FieldErrors errors) {
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
        return new BigDecimal(typed);
    }

    /** {@code text} cut to {@link #MAX_LENGTH} characters, to show or keep what was typed. */
    public static String shown(String text) {
        return text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) + "…" : text;
    }

    /** Whether a limit was typed; without one, {@link #body()} removes any limit the key has. */
    public boolean limited() {
        return limit != null;
    }

    /**
     * Sets this limit on router key {@code keyId} of the person logged in, through the router's
     * {@code PATCH /api/v1/keys/{hash}}; the router's answer (its key, or its refusal).
     */
    public ServiceAnswer setOn(String keyId, ServiceCalls calls, ConsoleUser user, HttpSession session) {
        return calls.send(user, session, "router", "PATCH", "/api/v1/keys/" + keyId, body());
    }

    /** The router's {@code PATCH /api/v1/keys/{hash}} body; nulls are sent, they remove the limit. */
    public Map<String, Object> body() {
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
