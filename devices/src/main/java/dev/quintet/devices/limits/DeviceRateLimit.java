package dev.quintet.devices.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.devices.events.Events;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A token bucket per device: {@code rate} messages a second, up to {@code burst} at once, over MQTT and the device
 * HTTP API together. A message over the limit is dropped; the first one dropped in each minute is recorded as a
 * {@code rate-limited} event, so a flood makes one event a minute, not one per message.
 */
public final class DeviceRateLimit {

    /** The window of {@code rate-limited} events: at most one per device in each. */
    public static final Duration EVENT_WINDOW = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(DeviceRateLimit.class);

    private final double rate;
    private final int burst;
    private final Events events;
    private final Clock clock;
    private final Cache<UUID, AtomicReference<Bucket>> buckets =
            Caffeine.newBuilder().expireAfterAccess(Duration.ofMinutes(10)).maximumSize(1_000_000).build();

    public DeviceRateLimit(double rate, int burst, Events events, Clock clock) {
        this.rate = rate;
        this.burst = burst;
        this.events = events;
        this.clock = clock;
    }

    /** Counts one message of the device; false when it is over the limit and must be dropped. */
    public boolean admit(UUID deviceId) {
        Instant now = clock.instant();
        long window = now.getEpochSecond() / EVENT_WINDOW.toSeconds();
        AtomicReference<Bucket> state = buckets.get(deviceId, id -> new AtomicReference<>(new Bucket(burst, now, -1)));
        while (true) {
            Bucket seen = state.get();
            Bucket filled = seen.refilled(now, rate, burst);
            boolean admitted = filled.tokens() >= 1;
            boolean first = !admitted && filled.notifiedWindow() != window;
            Bucket next = admitted ? filled.take() : first ? filled.notified(window) : filled;
            if (state.compareAndSet(seen, next)) {
                if (first) {
                    record(deviceId);
                }
                return admitted;
            }
        }
    }

    private void record(UUID deviceId) {
        try {
            events.system(deviceId, "rate-limited", "the device sent more than " + describe()
                    + "; messages over the limit are dropped (this event is recorded at most once a minute)",
                    JsonNodeFactory.instance.objectNode().put("rate_per_second", rate).put("burst", burst));
        } catch (RuntimeException e) {
            log.warn("Could not record that device {} is rate limited: {}", deviceId, e.toString());
        }
    }

    /** The limit in words, for answers to devices. */
    public String describe() {
        String perSecond = rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
        return perSecond + " messages per second (bursts of up to " + burst + ")";
    }

    /** Tokens left at {@code at}; the window of the last {@code rate-limited} event. */
    private record Bucket(double tokens, Instant at, long notifiedWindow) {

        Bucket refilled(Instant now, double rate, int burst) {
            if (!now.isAfter(at)) {
                return this;
            }
            double seconds = Duration.between(at, now).toNanos() / 1e9;
            return new Bucket(Math.min(burst, tokens + seconds * rate), now, notifiedWindow);
        }

        Bucket take() {
            return new Bucket(tokens - 1, at, notifiedWindow);
        }

        Bucket notified(long window) {
            return new Bucket(tokens, at, window);
        }
    }
}
