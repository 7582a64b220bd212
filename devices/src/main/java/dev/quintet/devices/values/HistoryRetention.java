package dev.quintet.devices.values;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Deletes history older than the retention period, a chunk per statement so that no statement holds locks for
 * long. The BRIN index on {@code at} finds the old rows; several nodes may sweep at once.
 */
public final class HistoryRetention {

    private static final int CHUNK = 10_000;

    private final ValueHistory history;
    private final Clock clock;
    private final Duration retention;

    public HistoryRetention(ValueHistory history, Clock clock, Duration retention) {
        this.history = history;
        this.clock = clock;
        this.retention = retention;
    }

    /** Deletes the values reported before now minus the retention period; returns how many. */
    public int runOnce() {
        Instant cutoff = clock.instant().minus(retention);
        int total = 0;
        int n;
        do {
            n = history.deleteBefore(cutoff, CHUNK);
            total += n;
        } while (n == CHUNK);
        return total;
    }
}
