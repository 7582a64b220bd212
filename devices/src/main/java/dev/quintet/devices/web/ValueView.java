package dev.quintet.devices.web;

import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.values.LatestValue;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * One datastream's value: {@code value} is the newer of reported and desired (or the default); {@code pending} says a
 * desired value still waits to be sent to the device; {@code properties} are how the device asked apps to show it.
 */
record ValueView(String pin, String name, JsonNode value, JsonNode reported, Instant reportedAt, JsonNode desired,
                 Instant desiredAt, Boolean pending, JsonNode properties) {

    static ValueView of(Datastream ds, LatestValue v, JsonNode properties) {
        if (v == null) {
            return new ValueView(ds.pinName(), ds.name(), ds.defaultValue(), null, null, null, null, null, properties);
        }
        JsonNode current = v.current() == null ? ds.defaultValue() : v.current();
        return new ValueView(ds.pinName(), ds.name(), current, v.reported(), v.reportedAt(), v.desired(), v.desiredAt(),
                v.desired() == null ? null : v.pending(), properties);
    }
}
