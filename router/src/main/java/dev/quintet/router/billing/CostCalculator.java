package dev.quintet.router.billing;

import dev.quintet.router.catalog.Pricing;
import java.math.BigDecimal;

/** Exact costs in US dollars: tokens of each kind times the serving endpoint's price for that kind. */
public final class CostCalculator {

    private CostCalculator() {
    }

    /**
     * What {@code usage} costs at {@code pricing}: uncached prompt tokens at the prompt price, cache reads and
     * writes at their prices (one-hour writes at theirs), completion tokens at the completion price, reasoning tokens
     * at the reasoning price, plus the per-request fee. A provider whose cache counts exceed its prompt count reports
     * them beside the prompt rather than inside it, so its whole prompt count is then billed as uncached.
     */
    public static BigDecimal cost(Pricing pricing, TokenUsage usage) {
        long cacheTokens = usage.cached() + usage.cacheWrite();
        long uncached = cacheTokens <= usage.prompt() ? usage.prompt() - cacheTokens : usage.prompt();
        long reasoning = Math.min(usage.reasoning(), usage.completion());
        return times(pricing.prompt(), uncached)
                .add(times(or(pricing.inputCacheRead(), pricing.prompt()), usage.cached()))
                .add(times(cacheWrite(pricing), usage.cacheWrite() - usage.cacheWrite1h()))
                .add(times(cacheWrite1h(pricing), usage.cacheWrite1h()))
                .add(times(pricing.completion(), usage.completion() - reasoning))
                .add(times(or(pricing.internalReasoning(), pricing.completion()), reasoning))
                .add(pricing.request());
    }

    /** The most a call can cost with at most {@code promptTokens} in and {@code completionTokens} out. */
    public static BigDecimal worstCase(Pricing pricing, long promptTokens, long completionTokens) {
        BigDecimal prompt = pricing.prompt().max(cacheWrite(pricing)).max(cacheWrite1h(pricing));
        BigDecimal completion = pricing.completion().max(or(pricing.internalReasoning(), pricing.completion()));
        return times(prompt, promptTokens).add(times(completion, completionTokens)).add(pricing.request());
    }

    /**
     * The most completion tokens a call with at most {@code promptTokens} in can produce for {@code usd}, at worst
     * ({@link #worstCase}): 0 when the prompt alone may cost more, {@link Long#MAX_VALUE} when completions are free.
     */
    public static long affordableCompletion(Pricing pricing, long promptTokens, BigDecimal usd) {
        BigDecimal left = usd.subtract(worstCase(pricing, promptTokens, 0));
        BigDecimal completion = worstCase(pricing, 0, 1).subtract(pricing.request());
        if (left.signum() < 0) {
            return 0;
        }
        if (completion.signum() == 0) {
            return Long.MAX_VALUE;
        }
        BigDecimal tokens = left.divideToIntegralValue(completion);
        return tokens.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : tokens.longValueExact();
    }

    private static BigDecimal cacheWrite(Pricing pricing) {
        return or(pricing.inputCacheWrite(), pricing.prompt());
    }

    private static BigDecimal cacheWrite1h(Pricing pricing) {
        return or(pricing.inputCacheWrite1h(), cacheWrite(pricing));
    }

    private static BigDecimal times(BigDecimal price, long tokens) {
        return price.multiply(BigDecimal.valueOf(tokens));
    }

    private static BigDecimal or(BigDecimal price, BigDecimal fallback) {
        return price != null ? price : fallback;
    }
}
