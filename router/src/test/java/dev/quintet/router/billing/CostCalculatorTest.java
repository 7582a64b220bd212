package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.catalog.Pricing;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Costs of cache writes kept for five minutes or an hour, and the most a call with them can cost. */
class CostCalculatorTest {

    private static final Pricing ANTHROPIC = new Pricing(new BigDecimal("0.000003"), new BigDecimal("0.000015"),
            new BigDecimal("0.0000003"), new BigDecimal("0.00000375"), new BigDecimal("0.000006"), null,
            BigDecimal.ZERO);

    @Test
    void chargesOneHourCacheWritesAtTheirOwnPrice() {
        TokenUsage usage = new TokenUsage(1000, 10, 0, 500, 0, 200);

        // 500 uncached x 0.000003 + 300 x 0.00000375 + 200 x 0.000006 + 10 x 0.000015
        assertThat(CostCalculator.cost(ANTHROPIC, usage)).isEqualByComparingTo("0.003975");
    }

    @Test
    void chargesOneHourCacheWritesAtTheCacheWritePriceWhenTheEndpointStatesNoneOfItsOwn() {
        Pricing fiveMinutesOnly = new Pricing(ANTHROPIC.prompt(), ANTHROPIC.completion(), ANTHROPIC.inputCacheRead(),
                ANTHROPIC.inputCacheWrite(), null, null, BigDecimal.ZERO);

        // 500 uncached x 0.000003 + 500 x 0.00000375 + 10 x 0.000015
        assertThat(CostCalculator.cost(fiveMinutesOnly, new TokenUsage(1000, 10, 0, 500, 0, 200)))
                .isEqualByComparingTo("0.003525");
    }

    @Test
    void holdsEnoughForAPromptWrittenWholeToAOneHourCache() {
        BigDecimal worst = CostCalculator.worstCase(ANTHROPIC, 1000, 10);

        assertThat(worst).isEqualByComparingTo("0.00615");
        assertThat(CostCalculator.cost(ANTHROPIC, new TokenUsage(1000, 10, 0, 1000, 0, 1000)))
                .isEqualByComparingTo(worst);
    }

    @Test
    void affordableCompletionIsWhatTheWorstCaseLeavesForCompletionTokens() {
        Pricing pricing = Pricing.of(new BigDecimal("0.000001"), new BigDecimal("0.000002"));

        assertThat(CostCalculator.affordableCompletion(pricing, 19, new BigDecimal("0.00004"))).isEqualTo(10);
        assertThat(CostCalculator.affordableCompletion(pricing, 19, new BigDecimal("0.0000409"))).isEqualTo(10);
        assertThat(CostCalculator.affordableCompletion(pricing, 19, new BigDecimal("0.000019"))).isZero();
        assertThat(CostCalculator.affordableCompletion(pricing, 20, new BigDecimal("0.000019"))).isZero();
        assertThat(CostCalculator.affordableCompletion(Pricing.of(new BigDecimal("0.000001"), BigDecimal.ZERO), 19,
                new BigDecimal("0.00004"))).isEqualTo(Long.MAX_VALUE);
        assertThat(CostCalculator.worstCase(ANTHROPIC, 1000, CostCalculator.affordableCompletion(ANTHROPIC, 1000,
                BigDecimal.ONE))).isLessThanOrEqualTo(BigDecimal.ONE);
    }
}
