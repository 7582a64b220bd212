package dev.quintet.devices.values;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * The latest state of one pin of one device: what the device last reported, what an app last asked for, and
 * whether that request still waits to be sent to the device.
 */
public record LatestValue(int pin, JsonNode reported, Instant reportedAt, JsonNode desired, Instant desiredAt,
                          boolean pending) {

    /** The newer of the reported and the desired value; null when there is neither. */
    public JsonNode current() {
        if (desired == null) {
            return reported;
        }
        if (reported == null) {
            return desired;
        }
        return desiredAt.isAfter(reportedAt) ? desired : reported;
    }
}
