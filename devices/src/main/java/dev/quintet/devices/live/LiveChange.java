package dev.quintet.devices.live;

import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/**
 * One change of a device: {@code type} is {@code reported}, {@code desired}, {@code status}, {@code command} or
 * {@code event}; {@code data} carries it, with {@code at}. {@code id} is its place in the device's feed, the same on
 * every node: ids of a device rise by one per change (0 until it is numbered). A stream sends it, and a reconnecting
 * caller sends it back. The feed also holds {@code reset} marks: changes before one may not all be known.
 */
public record LiveChange(UUID deviceId, String type, ObjectNode data, long id) {

    public static final String REPORTED = "reported";
    public static final String DESIRED = "desired";
    public static final String STATUS = "status";
    public static final String COMMAND = "command";
    public static final String EVENT = "event";
    /** A mark in the feed: the device went unwatched for a while, so the changes before it are not all known. */
    static final String RESET = "reset";

    LiveChange numbered(long number) {
        return new LiveChange(deviceId, type, data, number);
    }
}
