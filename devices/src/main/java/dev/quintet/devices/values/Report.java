package dev.quintet.devices.values;

import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.ValueRules;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Values one device reported in one message, already parsed: one change of its shadow.
 *
 * @param texts what the device sent for each datastream, for the events of clamped values
 * @param expectedVersion the shadow version the device saw, to store the report only if it is still current; or null
 */
record Report(UUID deviceId, Map<Datastream, ValueRules.Reading> readings, Map<Datastream, String> texts, Instant at,
              Long expectedVersion) {
}
