package dev.quintet.devices.broker;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The devices connected to the broker, one session each, and sending to one of them. With the embedded broker these
 * are the sessions on this node; with an external broker, every device whose retained status says it is online.
 */
public final class DeviceSessions {

    /** What became of a message sent to a device. */
    public enum Delivery { SENT, NOT_CONNECTED, NOT_SUBSCRIBED }

    /**
     * One device session.
     *
     * @param keepAliveSeconds the keep-alive it asked for; 0 for none; {@link #BROKER_WATCHED} when an external
     *                         broker watches its liveness (and publishes its last will), so no heartbeat applies
     */
    public record Session(String clientId, String connectionId, int keepAliveSeconds) {
    }

    /** The keep-alive of a session whose liveness an external broker watches. */
    public static final int BROKER_WATCHED = -1;

    private static final Logger log = LoggerFactory.getLogger(DeviceSessions.class);

    private final ConcurrentMap<UUID, Session> sessions = new ConcurrentHashMap<>();
    private final ReentrantLock[] locks = new ReentrantLock[64];
    private volatile DeviceLink link;

    public DeviceSessions() {
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    /**
     * Runs {@code work} while no other thread of this node runs work for the same device. Whoever claims a device's
     * waiting messages, sends them and puts back those that could not be sent does so under this lock, so a send
     * racing a subscription cannot put a message back after the other thread looked for waiting ones.
     */
    public <T> T exclusively(UUID deviceId, Supplier<T> work) {
        ReentrantLock lock = locks[Math.floorMod(deviceId.hashCode(), locks.length)];
        lock.lock();
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }

    public boolean isConnected(UUID deviceId) {
        return sessions.containsKey(deviceId);
    }

    /** The connection of the device's current session; empty when it is not connected. */
    public Optional<String> connectionId(UUID deviceId) {
        return Optional.ofNullable(sessions.get(deviceId)).map(Session::connectionId);
    }

    /**
     * The keep-alive of the device's session (zero when it asked for none); empty when not connected or when the
     * broker watches its liveness.
     */
    public Optional<Duration> keepAlive(UUID deviceId) {
        return Optional.ofNullable(sessions.get(deviceId)).filter(s -> s.keepAliveSeconds() != BROKER_WATCHED)
                .map(s -> Duration.ofSeconds(s.keepAliveSeconds()));
    }

    /** Whether the device holds a session whose liveness an external broker watches (its last will ends it). */
    public boolean watchedByBroker(UUID deviceId) {
        Session session = sessions.get(deviceId);
        return session != null && session.keepAliveSeconds() == BROKER_WATCHED;
    }

    /** Sends {@code payload} to the device at QoS 1, if it is connected and subscribed to the topic. */
    public Delivery send(UUID deviceId, String topic, byte[] payload) {
        Session session = sessions.get(deviceId);
        DeviceLink current = link;
        if (session == null || current == null) {
            return Delivery.NOT_CONNECTED;
        }
        try {
            boolean subscribed = current.publish(session.clientId(), topic, payload).get(10, TimeUnit.SECONDS);
            return subscribed ? Delivery.SENT : Delivery.NOT_SUBSCRIBED;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            log.warn("Could not send {} to device {}: {}", topic, deviceId, e.toString());
            return Delivery.NOT_CONNECTED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Delivery.NOT_CONNECTED;
        }
    }

    /** Ends the device's session, e.g. after its token was rotated or it was deleted. */
    public void disconnect(UUID deviceId) {
        Session session = sessions.get(deviceId);
        DeviceLink current = link;
        if (session != null && current != null) {
            current.disconnect(session.clientId());
        }
    }

    /** Sends through {@code deviceLink} from now on. */
    public void open(DeviceLink deviceLink) {
        link = deviceLink;
    }

    /** Stops sending and forgets every session. */
    public void close() {
        link = null;
        sessions.clear();
    }

    /** Records the device's new session; returns the one it replaces, if any. */
    public Session attach(UUID deviceId, Session session) {
        return sessions.put(deviceId, session);
    }

    /** Forgets the session unless a newer one replaced it; true when it was the current one. */
    public boolean detach(UUID deviceId, String connectionId) {
        Session current = sessions.get(deviceId);
        return current != null && current.connectionId().equals(connectionId) && sessions.remove(deviceId, current);
    }
}
