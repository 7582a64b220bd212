package dev.quintet.devices.values;

import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/**
 * The part of a {@link Shadow} a device acts on: the desired values it has not reported yet, keyed by datastream
 * name, and the version and time of the shadow they come from.
 */
public record ShadowDelta(ObjectNode delta, long version, Instant timestamp) {
}
