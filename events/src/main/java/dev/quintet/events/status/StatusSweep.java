package dev.quintet.events.status;

import dev.quintet.events.catalog.Events;
import java.time.Clock;

/**
 * Stores the status time gives each published event (live, started, ended, completed; see
 * {@code events.event_status}); the app runs it every {@code quintet.events.status-sweep-interval}. Reads compute
 * the same status themselves, so answers are right between runs; the sweep keeps stored statuses near the truth
 * for other readers. Each run is conditional UPDATEs, safe on any number of nodes at once.
 */
public final class StatusSweep {

    private final Events events;
    private final Clock clock;

    public StatusSweep(Events events, Clock clock) {
        this.events = events;
        this.clock = clock;
    }

    /** One run at the clock's now; returns how many events changed status. */
    public int runOnce() {
        return events.storeStatuses(clock.instant());
    }
}
