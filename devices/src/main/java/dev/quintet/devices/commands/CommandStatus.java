package dev.quintet.devices.commands;

import java.util.Arrays;
import java.util.Optional;

/**
 * QUEUED (waiting for the device) -> SENT -> DELIVERED (the device acknowledged it; final for one-way commands)
 * -> SUCCEEDED | FAILED (the device's answer to a two-way command); or TIMED_OUT (no acknowledgement or answer
 * within the timeout once sent), EXPIRED (never sent before its expiry), CANCELED (by the app).
 */
public enum CommandStatus {
    QUEUED, SENT, DELIVERED, SUCCEEDED, FAILED, TIMED_OUT, EXPIRED, CANCELED;

    public static Optional<CommandStatus> named(String name) {
        return Arrays.stream(values()).filter(s -> s.name().equalsIgnoreCase(name)).findFirst();
    }
}
