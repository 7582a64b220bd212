package dev.quintet.packages.registry;

import java.time.Duration;
import java.util.Optional;

/**
 * An upstream registry did not answer usably: it timed out, was unreachable, failed (5xx), sent garbage, or asked
 * us to slow down (429, or 503 with {@code Retry-After}).
 */
public final class UpstreamFailure extends RuntimeException {

    /** How the upstream failed. */
    public enum Kind { TIMEOUT, UNAVAILABLE, BAD_ANSWER, RATE_LIMITED }

    private final Kind kind;
    private final Duration retryAfter;

    public UpstreamFailure(Kind kind, String detail, Throwable cause) {
        this(kind, detail, cause, null);
    }

    public UpstreamFailure(Kind kind, String detail) {
        this(kind, detail, null, null);
    }

    private UpstreamFailure(Kind kind, String detail, Throwable cause, Duration retryAfter) {
        super(detail, cause);
        this.kind = kind;
        this.retryAfter = retryAfter;
    }

    /** The upstream asked us to wait {@code retryAfter} before asking again. */
    public static UpstreamFailure rateLimited(String detail, Duration retryAfter) {
        return new UpstreamFailure(Kind.RATE_LIMITED, detail, null, retryAfter);
    }

    public Kind kind() {
        return kind;
    }

    /** How long the upstream asked us to wait, when it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
