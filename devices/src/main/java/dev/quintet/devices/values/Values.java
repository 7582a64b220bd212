package dev.quintet.devices.values;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.DeviceTopics;
import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.ValueRules;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Values in and out: devices report (numbers clamped, with a {@code clamped-value} event), apps write desired
 * values that go to the device at once when it is connected, or when it next subscribes, each on its own topic and
 * together as the shadow's delta. Every change raises the device's shadow version and goes to its live feed.
 */
public final class Values {

    /** Where an app's write stands: sent to the connected device, or waiting for it. */
    public enum Delivery { SENT, QUEUED }

    /** The outcome of a desired write: the shadow version it made, and its delivery. */
    public record Written(long version, Delivery delivery) {
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final LatestValues latest;
    private final ValueHistory history;
    private final ShadowVersions versions;
    private final ReportWriter writer;
    private final DeviceSessions sessions;
    private final ShadowDownlink shadowDownlink;
    private final LiveFeed feed;
    private final TransactionTemplate tx;
    private final Clock clock;

    public Values(LatestValues latest, ValueHistory history, ShadowVersions versions, ReportWriter writer,
                  DeviceSessions sessions, ShadowDownlink shadowDownlink, LiveFeed feed, TransactionTemplate tx,
                  Clock clock) {
        this.latest = latest;
        this.history = history;
        this.versions = versions;
        this.writer = writer;
        this.sessions = sessions;
        this.shadowDownlink = shadowDownlink;
        this.feed = feed;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Stores values a device reported as text, as one change, and returns once they are committed (they are written
     * in batches with other reports); throws {@link dev.quintet.devices.templates.ValueRejected} first if one does
     * not parse.
     */
    public void report(UUID deviceId, Map<Datastream, String> texts) {
        try {
            submit(deviceId, texts).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /**
     * Queues values a device reported as text, as one change, for the next batch; the future completes once they are
     * committed. Reports of one device submitted one after another are stored in that order. Throws
     * {@link dev.quintet.devices.templates.ValueRejected} at once if one does not parse.
     */
    public CompletableFuture<Void> submit(UUID deviceId, Map<Datastream, String> texts) {
        return submit(deviceId, texts, null);
    }

    /**
     * Like {@link #submit(UUID, Map)}, but with {@code expectedVersion} the values are stored only if the shadow is
     * still at that version when their turn comes; else the future fails with {@link VersionConflict}.
     */
    public CompletableFuture<Void> submit(UUID deviceId, Map<Datastream, String> texts, Long expectedVersion) {
        Map<Datastream, ValueRules.Reading> readings = new LinkedHashMap<>();
        texts.forEach((ds, text) -> readings.put(ds, ValueRules.fromDevice(ds, text)));
        return writer.write(new Report(deviceId, readings, texts, clock.instant(), expectedVersion));
    }

    /** Stores values an app wrote (already checked with {@link ValueRules#fromApp}) as desired, and sends them. */
    public Delivery write(UUID deviceId, Template template, Map<Datastream, JsonNode> values) {
        return write(deviceId, template, values, Set.of(), null).delivery();
    }

    /**
     * Sets desired values and forgets others in one change of the shadow, and sends what is set and the delta. With
     * {@code expectedVersion}, the change applies only if the shadow is still at that version, else
     * {@link VersionConflict}.
     */
    public Written write(UUID deviceId, Template template, Map<Datastream, JsonNode> set, Set<Datastream> removed,
                         Long expectedVersion) {
        Instant now = clock.instant();
        long version = tx.execute(s -> {
            long v = expectedVersion == null ? versions.raise(deviceId) : versions.raiseFrom(deviceId, expectedVersion)
                    .orElseThrow(() -> new VersionConflict(expectedVersion, versions.current(deviceId)));
            ObjectNode desired = NODES.objectNode();
            set.forEach((ds, value) -> {
                latest.desire(deviceId, ds.pin(), value, now);
                desired.set(ds.name(), value);
            });
            removed.forEach(ds -> {
                latest.clearDesired(deviceId, ds.pin());
                desired.putNull(ds.name());
            });
            feed.publish(deviceId, LiveChange.DESIRED, change(LiveChange.DESIRED, desired, v));
            return v;
        });
        boolean waiting = !send(deviceId, template) && !set.isEmpty();
        return new Written(version, waiting ? Delivery.QUEUED : Delivery.SENT);
    }

    /** The device's shadow, built from its latest values. */
    public Shadow shadow(UUID deviceId, Template template) {
        long version = versions.current(deviceId);
        return Shadow.of(template, latest.read(deviceId), version, clock.instant());
    }

    /**
     * Sends the device's waiting desired values, each on {@code downlink/ds/{name}} (true when all were sent), then
     * the shadow's delta when it is not empty (see {@link ShadowDownlink#delta}). This is the one way desired state
     * goes out: after an app's write and when the device (re)subscribes. Waiting means waiting for
     * {@code downlink/ds/{name}}: the delta needs no such record, since it goes out whole every time.
     */
    public boolean send(UUID deviceId, Template template) {
        return sessions.exclusively(deviceId, () -> {
            if (!sessions.isConnected(deviceId)) {
                return false;
            }
            boolean all = true;
            for (LatestValues.Pending p : latest.claimPending(deviceId)) {
                Datastream ds = template.datastream(p.pin()).orElse(null);
                if (ds != null && sessions.send(deviceId, DeviceTopics.downlinkValue(ds.name()), text(p.value()))
                        != DeviceSessions.Delivery.SENT) {
                    latest.unclaim(deviceId, p);
                    all = false;
                }
            }
            shadowDownlink.delta(deviceId, shadow(deviceId, template));
            return all;
        });
    }

    /** Sends the current value of each of {@code datastreams} (or its default), whether or not it waits. */
    public void resend(UUID deviceId, List<Datastream> datastreams) {
        Map<Integer, LatestValue> current = latest.read(deviceId);
        for (Datastream ds : datastreams) {
            LatestValue v = current.get(ds.pin());
            JsonNode value = v == null || v.current() == null ? ds.defaultValue() : v.current();
            if (value != null) {
                sessions.send(deviceId, DeviceTopics.downlinkValue(ds.name()), text(value));
            }
        }
    }

    public Map<Integer, LatestValue> read(UUID deviceId) {
        return latest.read(deviceId);
    }

    public List<HistoryPoint> history(UUID deviceId, int pin, HistoryQuery query) {
        return history.read(deviceId, pin, query);
    }

    private static ObjectNode change(String field, ObjectNode values, long version) {
        ObjectNode data = NODES.objectNode();
        data.set(field, values);
        return data.put("version", version);
    }

    private static byte[] text(JsonNode value) {
        return ValueRules.toText(value).getBytes(StandardCharsets.UTF_8);
    }

}
