package dev.quintet.devices.live;

import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/**
 * One change of a device: {@code type} is {@code reported}, {@code desired}, {@code status}, {@code command} or
 * {@code event}; {@code data} carries it, with {@code at}. {@code id} places it among the changes this node
 * delivered (null until it is delivered); a stream sends it, and a reconnecting caller sends it back.
 */
public record LiveChange(UUID deviceId, String type, ObjectNode data, String id) {

    public static final String REPORTED = "reported";
    public static final String DESIRED = "desired";
    public static final String STATUS = "status";
    public static final String COMMAND = "command";
    public static final String EVENT = "event";

    LiveChange numbered(String id) {
        return new LiveChange(deviceId, type, data, id);
    }
}
