package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredProject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How often each stored project was served since the last look, counted in memory so that a read never writes;
 * the background refresh drains it into the refresh queue. Counts are approximate (a hit racing a drain may be
 * lost), which is all a popularity threshold needs.
 */
public final class Demand {

    /** A project that was asked for, with how often. */
    record Asked(Ecosystem ecosystem, long projectId, Instant fetchedAt, LongAdder hits) {
    }

    private final ConcurrentHashMap<Long, Asked> counts = new ConcurrentHashMap<>();

    void asked(Ecosystem ecosystem, StoredProject project) {
        counts.computeIfAbsent(project.id(), id -> new Asked(ecosystem, id, project.fetchedAt(), new LongAdder()))
                .hits().increment();
    }

    /** The counts since the last drain, which start again from zero. */
    List<Asked> drain() {
        List<Asked> drained = new ArrayList<>();
        for (Long id : counts.keySet()) {
            Asked asked = counts.remove(id);
            if (asked != null) {
                drained.add(asked);
            }
        }
        return drained;
    }
}
