package dev.quintet.devices.live;

import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/**
 * One change of a device: {@code type} is {@code reported}, {@code desired}, {@code status}, {@code command} or
 * {@code event}; {@code data} carries it, with {@code at}.
 */
public record LiveChange(UUID deviceId, String type, ObjectNode data) {

    public static final String REPORTED = "reported";
    public static final String DESIRED = "desired";
    public static final String STATUS = "status";
    public static final String COMMAND = "command";
    public static final String EVENT = "event";
}
