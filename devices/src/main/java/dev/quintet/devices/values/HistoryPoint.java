package dev.quintet.devices.values;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** A point of history: a raw value, or the aggregate of the bucket starting at {@code t}. */
public record HistoryPoint(Instant t, JsonNode value) {
}
