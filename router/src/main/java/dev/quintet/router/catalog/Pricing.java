package dev.quintet.router.catalog;

import java.math.BigDecimal;
import java.util.stream.Stream;

/**
 * What one endpoint charges, in US dollars per token ({@code request}: per request). The cache prices and the
 * reasoning price are null where the endpoint publishes none: cache reads and writes then cost the prompt price,
 * writes to a cache kept for an hour ({@code inputCacheWrite1h}) the price of other cache writes, reasoning tokens
 * the completion price.
 */
public record Pricing(BigDecimal prompt, BigDecimal completion, BigDecimal inputCacheRead, BigDecimal inputCacheWrite,
                      BigDecimal inputCacheWrite1h, BigDecimal internalReasoning, BigDecimal request) {

    public Pricing {
        requireNonNegative("prompt", prompt, false);
        requireNonNegative("completion", completion, false);
        requireNonNegative("input_cache_read", inputCacheRead, true);
        requireNonNegative("input_cache_write", inputCacheWrite, true);
        requireNonNegative("input_cache_write_1h", inputCacheWrite1h, true);
        requireNonNegative("internal_reasoning", internalReasoning, true);
        requireNonNegative("request", request, false);
    }

    /** Prompt and completion prices; no cache or reasoning prices, no per-request fee. */
    public static Pricing of(BigDecimal prompt, BigDecimal completion) {
        return new Pricing(prompt, completion, null, null, null, null, BigDecimal.ZERO);
    }

    /** The sum of prompt and completion prices, the figure endpoints are ranked by. */
    public BigDecimal tokenPrice() {
        return prompt.add(completion);
    }

    /** Whether every price is zero. */
    public boolean free() {
        return Stream.of(prompt, completion, inputCacheRead, inputCacheWrite, inputCacheWrite1h, internalReasoning,
                        request)
                .allMatch(p -> p == null || p.signum() == 0);
    }

    private static void requireNonNegative(String name, BigDecimal value, boolean optional) {
        if (value == null && optional) {
            return;
        }
        if (value == null || value.signum() < 0) {
            throw new IllegalArgumentException("pricing." + name + " must be a decimal >= 0, got " + value);
        }
    }
}
