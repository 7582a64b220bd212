package dev.quintet.devices.broker;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * What the service does with device traffic the broker hands over in-process. Calls come from broker threads; a QoS 1
 * message is acknowledged only once the future of its {@link #uplink} completed.
 */
public interface DeviceTraffic {

    /** A session of the device started or ended; {@link DeviceSessions#isConnected} says which is now true. */
    void sessionChanged(UUID deviceId);

    /** The device subscribed under {@code downlink/}, so messages waiting for it can be sent now. */
    void subscribed(UUID deviceId);

    /**
     * The device sent a message: a sign of life, counted against its rate limit. False when it is over the limit,
     * so the message is dropped.
     */
    boolean admit(UUID deviceId);

    /** The device pinged (PINGREQ): a sign of life. */
    void pinged(UUID deviceId);

    /**
     * The device published {@code payload} to {@code topic}, one of {@link DeviceTopics#mayPublish}. Returns once the
     * message is handled or, for values, queued for storage (so the messages of a device handed over one after another
     * keep their order); the future completes once what it carries is stored.
     */
    CompletableFuture<Void> uplink(UUID deviceId, String topic, byte[] payload);

    /** The device acknowledged (PUBACK) a QoS 1 message sent to it on {@code topic}. */
    void acknowledged(UUID deviceId, String topic);
}
