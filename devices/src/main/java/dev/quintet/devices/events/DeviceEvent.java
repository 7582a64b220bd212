package dev.quintet.devices.events;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** One event: {@code kind} is {@code system} or {@code device}; {@code data} holds details, if any. */
public record DeviceEvent(long seq, UUID deviceId, Instant at, String kind, String code, String description,
                          JsonNode data) {

    public static final String SYSTEM = "system";
    public static final String DEVICE = "device";
}
