package dev.quintet.devices.web;

import dev.quintet.devices.registry.Device;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** A device as the API shows it; {@code token} only right after creation or rotation. */
record DeviceView(UUID id, String name, UUID templateId, JsonNode metadata, String status, Instant lastSeenAt,
                  String tokenHint, String token, Instant createdAt, Instant updatedAt) {

    static DeviceView of(Device d) {
        return withToken(d, null);
    }

    static DeviceView withToken(Device d, String token) {
        return new DeviceView(d.id(), d.name(), d.templateId(), d.metadata(), d.online() ? "online" : "offline",
                d.lastSeenAt(), "…" + d.tokenHint(), token, d.createdAt(), d.updatedAt());
    }
}
