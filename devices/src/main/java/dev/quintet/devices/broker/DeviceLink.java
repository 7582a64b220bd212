package dev.quintet.devices.broker;

import java.util.concurrent.CompletableFuture;

/**
 * How this node reaches a device's session: through the embedded broker's services, or as a client of an external
 * broker. Topics are the device-relative ones of {@link DeviceTopics}.
 */
public interface DeviceLink {

    /**
     * Sends {@code payload} to the session at QoS 1; completes with true once it is on its way to the device (the
     * embedded broker found a matching subscription; an external broker accepted it), false when nobody subscribed.
     */
    CompletableFuture<Boolean> publish(String clientId, String topic, byte[] payload);

    /** Ends the session, where the broker lets this node do so. */
    void disconnect(String clientId);
}
