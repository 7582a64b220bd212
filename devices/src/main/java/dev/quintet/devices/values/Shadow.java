package dev.quintet.devices.values;

import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.Template;
import java.time.Instant;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A device's shadow: its datastreams' desired and reported values as documents keyed by datastream name, the
 * {@code delta} of desired values the device has not reported yet, their times, and the version of it all.
 * It is a view of the latest values, not a second store.
 */
public record Shadow(ObjectNode desired, ObjectNode reported, ObjectNode delta, ObjectNode metadata, long version,
                     Instant timestamp) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    static Shadow of(Template template, Map<Integer, LatestValue> latest, long version, Instant now) {
        ObjectNode desired = NODES.objectNode();
        ObjectNode reported = NODES.objectNode();
        ObjectNode delta = NODES.objectNode();
        ObjectNode desiredMeta = NODES.objectNode();
        ObjectNode reportedMeta = NODES.objectNode();
        for (Datastream ds : template.datastreams()) {
            LatestValue v = latest.get(ds.pin());
            if (v == null) {
                continue;
            }
            if (v.reported() != null) {
                reported.set(ds.name(), v.reported());
                reportedMeta.set(ds.name(), NODES.objectNode().put("timestamp", v.reportedAt().toString()));
            }
            if (v.desired() != null) {
                desired.set(ds.name(), v.desired());
                desiredMeta.set(ds.name(), NODES.objectNode().put("timestamp", v.desiredAt().toString())
                        .put("pending", v.pending()));
                if (!same(v.desired(), v.reported())) {
                    delta.set(ds.name(), v.desired());
                }
            }
        }
        ObjectNode metadata = NODES.objectNode();
        metadata.set("desired", desiredMeta);
        metadata.set("reported", reportedMeta);
        return new Shadow(desired, reported, delta, metadata, version, now);
    }

    /** Equal values; numbers compare by value, so 20 and 20.0 are the same. */
    static boolean same(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    /** What the device still has to do: the delta, with the version and time of this document. */
    public ShadowDelta deltaDocument() {
        return new ShadowDelta(delta, version, timestamp);
    }

    /** The entity tag of this version, as the {@code ETag} header carries it. */
    public String etag() {
        return "\"" + version + "\"";
    }
}
