package dev.quintet.packages.registry;

/** An upstream registry did not answer usably: it timed out, was unreachable, failed (5xx) or sent garbage. */
public final class UpstreamFailure extends RuntimeException {

    /** How the upstream failed. */
    public enum Kind { TIMEOUT, UNAVAILABLE, BAD_ANSWER }

    private final Kind kind;

    public UpstreamFailure(Kind kind, String detail, Throwable cause) {
        super(detail, cause);
        this.kind = kind;
    }

    public UpstreamFailure(Kind kind, String detail) {
        this(kind, detail, null);
    }

    public Kind kind() {
        return kind;
    }
}
