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

    /** Request attribute holding this request's {@link QuotaDecision}. */
    public static final String ATTRIBUTE = "dev.quintet.platform.quota.QuotaDecision";

    private final ConcurrentHashMap<QuotaLimits, Fixed> fixed = new ConcurrentHashMap<>();

    /** The texts that depend on the limits alone. */
    private record Fixed(String policy, String minuteLimit, String dayLimit) {
    }

    /**
     * Adds the fields to a response that has none yet (the key filter runs before anything else writes them), so
     * they are added rather than searched for and replaced.
     */
    public void apply(HttpServletResponse response, QuotaDecision decision) {
        QuotaDecision.Window m = decision.minute();
        QuotaDecision.Window d = decision.day();
        Fixed texts = fixed.computeIfAbsent(new QuotaLimits(m.limit(), d.limit()), limits ->
                new Fixed(policy(m) + ", " + policy(d), Long.toString(m.limit()), Long.toString(d.limit())));
        response.addHeader("RateLimit-Policy", texts.policy());
        response.addHeader("RateLimit", state(m) + ", " + state(d));
        QuotaDecision.Window tight = decision.tightest();
        response.addHeader("X-RateLimit-Limit", tight == m ? texts.minuteLimit() : texts.dayLimit());
        response.addHeader("X-RateLimit-Remaining", Long.toString(tight.remaining()));
        response.addHeader("X-RateLimit-Reset", Long.toString(tight.resetSeconds()));
        if (!decision.allowed()) {
            response.addHeader("Retry-After", Long.toString(decision.retryAfterSeconds()));
        }
    }

    /** Sets the fields that change with use to {@code decision}, on a response that has them already. */
    void replace(HttpServletResponse response, QuotaDecision decision) {
        QuotaDecision.Window tight = decision.tightest();
        response.setHeader("RateLimit", state(decision.minute()) + ", " + state(decision.day()));
        response.setHeader("X-RateLimit-Limit", Long.toString(tight.limit()));
        response.setHeader("X-RateLimit-Remaining", Long.toString(tight.remaining()));
        response.setHeader("X-RateLimit-Reset", Long.toString(tight.resetSeconds()));
    }

    private static String policy(QuotaDecision.Window w) {
        return "\"" + w.window().label() + "\";q=" + w.limit() + ";w=" + w.window().seconds();
    }

    private static String state(QuotaDecision.Window w) {
        return "\"" + w.window().label() + "\";r=" + w.remaining() + ";t=" + w.resetSeconds();
    }
}
