package dev.quintet.devices.presence;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.devices.events.Events;
import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.registry.Devices;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Keeps {@code online} and {@code last_seen_at} of devices: an MQTT session makes a device online while it lasts;
 * a report over the device HTTP API makes it online until the heartbeat timeout passes without another sign of life. Signs of life
 * are written at most once per tenth of the timeout per device. Each change of status is an event and goes to the
 * device's live feed, in the transaction that changes it.
 */
public final class Presence {

    private final Devices devices;
    private final Events events;
    private final LiveFeed feed;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final Duration writeEvery;
    private final Cache<UUID, Instant> written = Caffeine.newBuilder().maximumSize(1_000_000)
            .expireAfterWrite(Duration.ofHours(1)).build();

    public Presence(Devices devices, Events events, LiveFeed feed, TransactionTemplate tx, Clock clock,
                    Duration heartbeatTimeout) {
        this.devices = devices;
        this.events = events;
        this.feed = feed;
        this.tx = tx;
        this.clock = clock;
        this.writeEvery = heartbeatTimeout.dividedBy(10);
    }

    /** The device's MQTT session started or ended. */
    public void session(UUID deviceId, boolean connected) {
        Instant now = clock.instant();
        tx.executeWithoutResult(s -> {
            if (devices.setOnline(deviceId, connected, now)) {
                announce(deviceId, connected, connected ? "online" : "offline",
                        connected ? "the device connected over MQTT" : "the device's MQTT session ended");
            }
        });
        remember(deviceId, connected ? now : null);
    }

    /** The device reported over the device HTTP API: online now, and seen. */
    public void reportedOverHttp(UUID deviceId) {
        Instant now = clock.instant();
        if (recentlyWritten(deviceId, now)) {
            return;
        }
        tx.executeWithoutResult(s -> {
            if (devices.setOnline(deviceId, true, now)) {
                announce(deviceId, true, "online", "the device reported over the HTTP API");
            }
        });
        remember(deviceId, now);
    }

    /** A sign of life over MQTT (a message, a ping, an acknowledgement). */
    public void seen(UUID deviceId) {
        Instant now = clock.instant();
        if (!recentlyWritten(deviceId, now)) {
            devices.touch(deviceId, now);
            remember(deviceId, now);
        }
    }

    /** Sets the device offline if it was not seen since {@code lastSeenAt}; true when it did. */
    boolean wentSilent(UUID deviceId, Instant lastSeenAt, Duration allowed) {
        boolean silent = Boolean.TRUE.equals(tx.execute(s -> {
            if (!devices.setOfflineIfSilent(deviceId, lastSeenAt)) {
                return false;
            }
            announce(deviceId, false, "went-offline", "the device was not seen for " + allowed.toSeconds()
                    + " s (heartbeat timeout) since " + lastSeenAt);
            return true;
        }));
        if (silent) {
            remember(deviceId, null);
        }
        return silent;
    }

    private boolean recentlyWritten(UUID deviceId, Instant now) {
        Instant last = written.getIfPresent(deviceId);
        return last != null && !now.isBefore(last) && Duration.between(last, now).compareTo(writeEvery) < 0;
    }

    private void remember(UUID deviceId, Instant at) {
        if (at == null) {
            written.invalidate(deviceId);
        } else {
            written.put(deviceId, at);
        }
    }

    private void announce(UUID deviceId, boolean online, String code, String description) {
        events.system(deviceId, code, description, null);
        feed.publish(deviceId, LiveChange.STATUS, JsonNodeFactory.instance.objectNode()
                .put("status", online ? "online" : "offline").put("reason", code));
    }
}
