package dev.quintet.devices.values;

import dev.quintet.devices.events.Events;
import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.ValueRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Stores a batch of reports inside the caller's transaction with one statement per table: the shadow versions
 * (each report is one change), the latest values (the last report of a pin wins) and the history; then the events
 * of clamped values and the live changes, which go out once the transaction commits. A report conditioned on a
 * shadow version is left out when, at its turn, the shadow is at another one.
 */
final class ReportStore {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final LatestValues latest;
    private final ValueHistory history;
    private final ShadowVersions versions;
    private final Events events;
    private final LiveFeed feed;

    ReportStore(LatestValues latest, ValueHistory history, ShadowVersions versions, Events events, LiveFeed feed) {
        this.latest = latest;
        this.history = history;
        this.versions = versions;
        this.events = events;
        this.feed = feed;
    }

    /** Stores the reports but the stale ones, which it returns (by identity) with their conflicts. */
    Map<Report, VersionConflict> store(List<Report> batch) {
        Map<Report, VersionConflict> stale = stale(batch);
        List<Report> reports = stale.isEmpty() ? batch : batch.stream().filter(r -> !stale.containsKey(r)).toList();
        if (!reports.isEmpty()) {
            storeAll(reports);
        }
        return stale;
    }

    /**
     * The reports whose expected version is not the one their device's shadow is at when their turn comes, counting
     * the reports before them in the batch. The devices' version rows are locked first (in the order
     * {@link ShadowVersions#raiseAll} locks them), so no app write can come in between. No statement without a
     * conditional report.
     */
    private Map<Report, VersionConflict> stale(List<Report> reports) {
        Set<UUID> conditional = new TreeSet<>();
        reports.stream().filter(r -> r.expectedVersion() != null).forEach(r -> conditional.add(r.deviceId()));
        if (conditional.isEmpty()) {
            return Map.of();
        }
        Map<UUID, Long> at = new HashMap<>(versions.lock(conditional));
        Map<Report, VersionConflict> stale = new IdentityHashMap<>();
        for (Report r : reports) {
            Long current = at.get(r.deviceId());
            if (current == null) {
                continue;
            }
            if (r.expectedVersion() != null && r.expectedVersion() != current.longValue()) {
                stale.put(r, new VersionConflict(r.expectedVersion(), current));
            } else {
                at.put(r.deviceId(), current + 1);
            }
        }
        return stale;
    }

    private void storeAll(List<Report> reports) {
        Map<UUID, Integer> changes = new TreeMap<>();
        Map<LatestValues.Key, ValueHistory.Row> last = new TreeMap<>();
        List<ValueHistory.Row> rows = new ArrayList<>();
        for (Report r : reports) {
            changes.merge(r.deviceId(), 1, Integer::sum);
            r.readings().forEach((ds, reading) -> {
                ValueHistory.Row row = new ValueHistory.Row(r.deviceId(), ds.pin(), r.at(), reading.value());
                rows.add(row);
                last.put(new LatestValues.Key(r.deviceId(), ds.pin()), row);
            });
        }
        Map<UUID, Long> raised = versions.raiseAll(changes);
        latest.reportAll(List.copyOf(last.values()));
        history.appendAll(rows);
        Map<UUID, Long> seen = new LinkedHashMap<>();
        for (Report r : reports) {
            long version = raised.get(r.deviceId()) - changes.get(r.deviceId()) + seen.merge(r.deviceId(), 1L, Long::sum);
            announce(r, version);
        }
    }

    private void announce(Report r, long version) {
        ObjectNode reported = NODES.objectNode();
        r.readings().forEach((ds, reading) -> {
            reported.set(ds.name(), reading.value());
            if (reading.clamped()) {
                clamped(r, ds, reading);
            }
        });
        ObjectNode data = NODES.objectNode();
        data.set(LiveChange.REPORTED, reported);
        feed.publish(r.deviceId(), LiveChange.REPORTED, data.put("version", version));
    }

    private void clamped(Report r, Datastream ds, ValueRules.Reading reading) {
        String sent = r.texts().get(ds);
        events.system(r.deviceId(), "clamped-value", ds.pinName() + " (" + ds.name() + ") '" + sent
                        + "' was outside " + range(ds) + " and was stored as " + ValueRules.toText(reading.value()),
                NODES.objectNode().put("pin", ds.pinName()).put("sent", sent).set("stored", reading.value()));
    }

    private static String range(Datastream ds) {
        return (ds.min() == null ? "-inf" : ds.min()) + ".." + (ds.max() == null ? "inf" : ds.max());
    }
}
