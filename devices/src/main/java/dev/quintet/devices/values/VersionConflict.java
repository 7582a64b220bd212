package dev.quintet.devices.values;

/** A write conditioned on a shadow version that is no longer current. */
public final class VersionConflict extends RuntimeException {

    private final long expected;
    private final long current;

    VersionConflict(long expected, long current) {
        super("the shadow is at version " + current + ", not " + expected, null, false, false);
        this.expected = expected;
        this.current = current;
    }

    public long expected() {
        return expected;
    }

    public long current() {
        return current;
    }
}
