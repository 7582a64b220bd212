package dev.quintet.console.devices;

import java.time.Duration;
import java.util.Optional;

/** The spans the history chart offers, each averaged over buckets small enough for a readable line. */
enum HistoryRange {
    HOUR("1h", Duration.ofHours(1), "1m"),
    DAY("24h", Duration.ofHours(24), "30m"),
    WEEK("7d", Duration.ofDays(7), "6h");

    private final String key;
    private final Duration span;
    private final String interval;

    HistoryRange(String key, Duration span, String interval) {
        this.key = key;
        this.span = span;
        this.interval = interval;
    }

    static Optional<HistoryRange> named(String key) {
        for (HistoryRange r : values()) {
            if (r.key.equals(key)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    String key() {
        return key;
    }

    Duration span() {
        return span;
    }

    String interval() {
        return interval;
    }
}
