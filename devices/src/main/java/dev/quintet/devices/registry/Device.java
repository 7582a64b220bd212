package dev.quintet.devices.registry;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** A device as stored: never its token, only the token's last four characters. */
public record Device(UUID id, UUID accountId, UUID templateId, String name, JsonNode metadata, String tokenHint,
                     boolean online, Instant lastSeenAt, Instant createdAt, Instant updatedAt) {
}
