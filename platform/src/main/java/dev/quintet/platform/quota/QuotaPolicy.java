package dev.quintet.platform.quota;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Quota defaults per plan, with per-service overrides: {@code quintet.quota.<plan>.<service>.per-minute} and
 * {@code .per-day} (environment: {@code QUINTET_QUOTA_FREE_ROUTER_PERMINUTE}). A figure a service does not set comes
 * from its plan's {@code default} entry, and one that entry does not set from the built-in figures.
 */
@ConfigurationProperties("quintet.quota")
public record QuotaPolicy(Map<String, Figures> free, Map<String, Figures> paid) {

    static final QuotaLimits FREE_DEFAULT = new QuotaLimits(60, 5_000);
    static final QuotaLimits PAID_DEFAULT = new QuotaLimits(1_200, 1_000_000);

    /** Configured figures; either may be left out. */
    public record Figures(Long perMinute, Long perDay) {
    }

    public QuotaPolicy {
        free = free == null ? Map.of() : Map.copyOf(free);
        paid = paid == null ? Map.of() : Map.copyOf(paid);
    }

    public QuotaLimits limits(String plan, String service) {
        boolean isPaid = "paid".equals(plan);
        Map<String, Figures> table = isPaid ? paid : free;
        QuotaLimits builtIn = isPaid ? PAID_DEFAULT : FREE_DEFAULT;
        QuotaLimits planDefault = merge(table.get("default"), builtIn);
        return merge(table.get(service), planDefault);
    }

    private static QuotaLimits merge(Figures figures, QuotaLimits fallback) {
        if (figures == null) {
            return fallback;
        }
        return new QuotaLimits(
                figures.perMinute() == null ? fallback.perMinute() : figures.perMinute(),
                figures.perDay() == null ? fallback.perDay() : figures.perDay());
    }
}
