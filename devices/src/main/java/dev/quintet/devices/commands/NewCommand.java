package dev.quintet.devices.commands;

import java.time.Duration;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** A command an app asks for, already checked. */
public record NewCommand(String method, JsonNode params, boolean twoWay, Duration timeout, Instant expiresAt) {
}
