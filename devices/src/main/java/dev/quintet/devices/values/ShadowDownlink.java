package dev.quintet.devices.values;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.DeviceTopics;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * The shadow sent to a device over MQTT (QoS 1): the whole document on {@code downlink/shadow}, the delta on
 * {@code downlink/shadow/delta}, and why an update was not stored on {@code downlink/shadow/rejected}. Documents are
 * rendered by the same JSON mapper as the HTTP API's, so a device and an app read the same document.
 *
 * <p>A session gets each version of the delta once: a device subscribes once per topic filter, and every
 * subscription asks for what waits, so without this it would get the same delta several times. What was sent is kept
 * with the connection it went to, so that the news of a session starting, which arrives on another thread and may come
 * after the new session was already sent its delta, cannot make it send that delta again.
 */
public final class ShadowDownlink {

    /**
     * Why a device's shadow update was not stored.
     *
     * @param code {@code version_conflict} or {@code invalid_update}
     * @param version the shadow's current version, for a conflict
     */
    public record Rejection(String code, String message, Long version) {
    }

    private final DeviceSessions sessions;
    private final JsonMapper json;
    private final ConcurrentMap<UUID, Sent> deltaSent = new ConcurrentHashMap<>();

    /** The version of the delta last sent to a device, and the connection it went to. */
    private record Sent(String connectionId, long version) {
    }

    public ShadowDownlink(DeviceSessions sessions, JsonMapper json) {
        this.sessions = sessions;
        this.json = json;
    }

    /** Sends the whole document. */
    public DeviceSessions.Delivery document(UUID deviceId, Shadow shadow) {
        return sessions.send(deviceId, DeviceTopics.downlinkShadow(), json.writeValueAsBytes(shadow));
    }

    /** Tells the device why its update was not stored. */
    public DeviceSessions.Delivery rejected(UUID deviceId, Rejection rejection) {
        return sessions.send(deviceId, DeviceTopics.downlinkShadowRejected(), json.writeValueAsBytes(rejection));
    }

    /** A session of the device started or ended: forgets what was sent to connections other than the current one. */
    public void sessionChanged(UUID deviceId) {
        String current = sessions.connectionId(deviceId).orElse(null);
        deltaSent.computeIfPresent(deviceId, (id, sent) -> sent.connectionId().equals(current) ? sent : null);
    }

    /**
     * Sends the delta when it is not empty, unless this session already has it at this version (or a later one).
     * Called under the device's {@link DeviceSessions#exclusively} lock.
     */
    void delta(UUID deviceId, Shadow shadow) {
        if (shadow.delta().isEmpty()) {
            return;
        }
        String connection = sessions.connectionId(deviceId).orElse(null);
        Sent sent = deltaSent.get(deviceId);
        boolean sentHere = sent != null && sent.connectionId().equals(connection);
        if (connection == null || sentHere && sent.version() >= shadow.version()) {
            return;
        }
        if (sessions.send(deviceId, DeviceTopics.downlinkShadowDelta(), json.writeValueAsBytes(shadow.deltaDocument()))
                == DeviceSessions.Delivery.SENT) {
            deltaSent.put(deviceId, new Sent(connection, shadow.version()));
        }
    }
}
