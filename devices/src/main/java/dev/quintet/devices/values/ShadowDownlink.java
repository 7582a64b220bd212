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
 * subscription asks for what waits, so without this it would get the same delta several times.
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
    private final ConcurrentMap<UUID, Long> deltaSent = new ConcurrentHashMap<>();

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

    /** A session of the device started or ended: the next session gets the delta again. */
    public void sessionChanged(UUID deviceId) {
        deltaSent.remove(deviceId);
    }

    /**
     * Sends the delta when it is not empty, unless this session already has it at this version (or a later one).
     * Called under the device's {@link DeviceSessions#exclusively} lock.
     */
    void delta(UUID deviceId, Shadow shadow) {
        if (shadow.delta().isEmpty()) {
            return;
        }
        Long sent = deltaSent.get(deviceId);
        if (sent != null && sent >= shadow.version()) {
            return;
        }
        if (sessions.send(deviceId, DeviceTopics.downlinkShadowDelta(), json.writeValueAsBytes(shadow.deltaDocument()))
                == DeviceSessions.Delivery.SENT) {
            deltaSent.put(deviceId, shadow.version());
        }
    }
}
