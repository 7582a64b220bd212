package dev.quintet.devices.presence;

import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.registry.Devices;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Sets offline (with a {@code went-offline} event) the online devices not seen for their
 * heartbeat timeout: {@code timeout}, or 1.5 times the keep-alive of the device's MQTT session when that is longer,
 * as MQTT itself allows. A silent MQTT session is ended too. Devices on an external broker are left to it: their last
 * will sets them offline. Each change is one conditional update, so several nodes may sweep at once.
 */
public final class HeartbeatSweep {

    private static final int BATCH = 1000;

    private final Devices devices;
    private final DeviceSessions sessions;
    private final Presence presence;
    private final Clock clock;
    private final Duration timeout;

    public HeartbeatSweep(Devices devices, DeviceSessions sessions, Presence presence, Clock clock, Duration timeout) {
        this.devices = devices;
        this.sessions = sessions;
        this.presence = presence;
        this.clock = clock;
        this.timeout = timeout;
    }

    /** Sets the silent devices offline; returns how many. */
    public int runOnce() {
        Instant now = clock.instant();
        int n = 0;
        List<Devices.Sighting> page = devices.silentSince(now.minus(timeout), null, BATCH);
        while (!page.isEmpty()) {
            for (Devices.Sighting s : page) {
                n += check(s, now) ? 1 : 0;
            }
            page = page.size() < BATCH ? List.of() : devices.silentSince(now.minus(timeout), page.getLast(), BATCH);
        }
        return n;
    }

    private boolean check(Devices.Sighting s, Instant now) {
        if (sessions.watchedByBroker(s.id())) {
            return false;
        }
        Duration allowed = sessions.keepAlive(s.id()).filter(k -> !k.isZero())
                .map(k -> k.multipliedBy(3).dividedBy(2)).filter(k -> k.compareTo(timeout) > 0).orElse(timeout);
        if (!s.lastSeenAt().plus(allowed).isAfter(now) && presence.wentSilent(s.id(), s.lastSeenAt(), allowed)) {
            sessions.disconnect(s.id());
            return true;
        }
        return false;
    }
}
