package dev.quintet.platform.quota;

import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The quota state on every response: IETF {@code RateLimit-Policy} and {@code RateLimit} fields for both windows,
 * and {@code X-RateLimit-*} for the tighter window, for older clients. The policy text depends only on the limits,
 * of which there are a handful (one pair per plan and service), so it is written once per pair.
 */
public final class RateLimitHeaders {

    /** The fields on every keyed response. */
    public static final List<String> NAMES = List.of("RateLimit", "RateLimit-Policy", "X-RateLimit-Limit",
            "X-RateLimit-Remaining", "X-RateLimit-Reset");

    private final ConcurrentHashMap<QuotaLimits, Fixed> fixed = new ConcurrentHashMap<>();

    /** The texts that depend on the limits alone. */
    private record Fixed(String policy, String minuteLimit, String dayLimit) {
    }

    /**
     * Adds the fields of {@code decision}, taken under {@code limits}, to a response that has none yet (the key filter
     * runs before anything else writes them), so they are added rather than searched for and replaced.
     */
    public void apply(HttpServletResponse response, QuotaLimits limits, QuotaDecision decision) {
        Fixed texts = fixed.computeIfAbsent(limits, RateLimitHeaders::fixed);
        response.addHeader("RateLimit-Policy", texts.policy());
        response.addHeader("RateLimit", state(decision));
        QuotaDecision.Window tight = decision.tightest();
        response.addHeader("X-RateLimit-Limit", tight == decision.minute() ? texts.minuteLimit() : texts.dayLimit());
        response.addHeader("X-RateLimit-Remaining", Long.toString(tight.remaining()));
        response.addHeader("X-RateLimit-Reset", Long.toString(tight.resetSeconds()));
        if (!decision.allowed()) {
            response.addHeader("Retry-After", Long.toString(decision.retryAfterSeconds()));
        }
    }

    /** Sets the fields that change with use to {@code decision}, on a response that has them already. */
    void replace(HttpServletResponse response, QuotaDecision decision) {
        QuotaDecision.Window tight = decision.tightest();
        response.setHeader("RateLimit", state(decision));
        response.setHeader("X-RateLimit-Limit", Long.toString(tight.limit()));
        response.setHeader("X-RateLimit-Remaining", Long.toString(tight.remaining()));
        response.setHeader("X-RateLimit-Reset", Long.toString(tight.resetSeconds()));
    }

    private static Fixed fixed(QuotaLimits limits) {
        String policy = policy(QuotaWindow.MINUTE, limits.perMinute()) + ", " + policy(QuotaWindow.DAY, limits.perDay());
        return new Fixed(policy, Long.toString(limits.perMinute()), Long.toString(limits.perDay()));
    }

    private static String policy(QuotaWindow window, long limit) {
        return "\"" + window.label() + "\";q=" + limit + ";w=" + window.seconds();
    }

    /** Both windows' state, built in one piece: this runs on every keyed response. */
    private static String state(QuotaDecision decision) {
        QuotaDecision.Window m = decision.minute();
        QuotaDecision.Window d = decision.day();
        return "\"" + m.window().label() + "\";r=" + m.remaining() + ";t=" + m.resetSeconds()
                + ", \"" + d.window().label() + "\";r=" + d.remaining() + ";t=" + d.resetSeconds();
    }
}
