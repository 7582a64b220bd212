package dev.quintet.console.llm;

import java.math.BigDecimal;
import dev.quintet.console.web.Money;
import tools.jackson.databind.JsonNode;

/**
 * One router key and its spending limit, read from the router's key shape. {@code spent} is what the key spent in
 * the window its limit resets in, or in all time when the limit never resets or there is none.
 */
public record KeyLimitRow(String id, String name, String label, BigDecimal limit, BigDecimal remaining,
                          LimitReset reset, BigDecimal spent) {

    /** The row of {@code key}, a key in the router's shape ({@code data} of {@code GET /api/v1/keys/{hash}}). */
    public static KeyLimitRow of(JsonNode key) {
        LimitReset reset = LimitReset.named(key.path("limit_reset").asString("")).orElse(null);
        return new KeyLimitRow(key.path("hash").asString(""), key.path("name").asString(""),
                key.path("label").asString(""), amount(key.path("limit")), amount(key.path("limit_remaining")),
                reset, amount(key.path(reset == null ? "usage" : reset.usageField())));
    }

    private static BigDecimal amount(JsonNode node) {
        return node.isNumber() ? node.decimalValue() : null;
    }

    public boolean limited() {
        return limit != null;
    }

    /** The span {@link #spent} covers, as the page says it. */
    public String window() {
        return reset == null ? "all time" : reset.window();
    }

    public String spentText() {
        return Money.exact(spent == null ? BigDecimal.ZERO : spent);
    }

    /** The limit with its period: {@code $2.50 a month}, {@code $10.00 in total} when it never resets, or none. */
    public String limitText() {
        return limit == null ? "none" : Money.exact(limit) + " " + (reset == null ? "in total" : reset.period());
    }

    public String remainingText() {
        return limit == null || remaining == null ? "—" : Money.exact(remaining);
    }

    /** The limit as the form shows it for editing: plain digits, or empty for none. */
    public String limitInput() {
        return limit == null ? "" : limit.stripTrailingZeros().toPlainString();
    }

    /** The reset the form has chosen: {@code none}, {@code daily}, {@code weekly} or {@code monthly}. */
    public String resetInput() {
        return reset == null ? "none" : reset.key();
    }
}
