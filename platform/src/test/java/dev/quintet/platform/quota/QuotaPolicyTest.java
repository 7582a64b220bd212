package dev.quintet.platform.quota;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QuotaPolicyTest {

    @Test
    void servicesOverrideTheirPlanDefaultWhichOverridesTheBuiltInFigures() {
        QuotaPolicy policy = new QuotaPolicy(
                Map.of("default", new QuotaPolicy.Figures(10L, null), "router", new QuotaPolicy.Figures(null, 50L)),
                null);
        assertThat(policy.limits("free", "router")).isEqualTo(new QuotaLimits(10, 50));
        assertThat(policy.limits("free", "packages")).isEqualTo(new QuotaLimits(10, QuotaPolicy.FREE_DEFAULT.perDay()));
        assertThat(policy.limits("paid", "router")).isEqualTo(QuotaPolicy.PAID_DEFAULT);
    }
}
