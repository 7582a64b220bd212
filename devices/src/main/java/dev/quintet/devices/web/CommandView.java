package dev.quintet.devices.web;

import dev.quintet.devices.commands.Command;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** A command as the API shows it. */
record CommandView(UUID id, UUID deviceId, String method, JsonNode params, boolean twoWay, String status,
                   long timeoutSeconds, Instant createdAt, Instant expiresAt, Instant sentAt, Instant deliveredAt,
                   Instant completedAt, JsonNode result, String error) {

    static CommandView of(Command c) {
        return new CommandView(c.id(), c.deviceId(), c.method(), c.params(), c.twoWay(), c.status().name(),
                c.timeout().toSeconds(), c.createdAt(), c.expiresAt(), c.sentAt(), c.deliveredAt(), c.completedAt(),
                c.result(), c.error());
    }
}
