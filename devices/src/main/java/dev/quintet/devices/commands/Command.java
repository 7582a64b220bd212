package dev.quintet.devices.commands;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** A command and where it stands. */
public record Command(UUID id, UUID deviceId, String method, JsonNode params, boolean twoWay, CommandStatus status,
                      Duration timeout, Instant createdAt, Instant expiresAt, Instant sentAt, Instant deliveredAt,
                      Instant completedAt, JsonNode result, String error) {

    public boolean finished() {
        return switch (status) {
            case QUEUED, SENT -> false;
            case DELIVERED -> !twoWay;
            default -> true;
        };
    }
}
