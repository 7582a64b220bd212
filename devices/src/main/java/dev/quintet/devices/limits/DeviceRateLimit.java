package dev.quintet.devices.limits;

import dev.quintet.devices.events.Events;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A token bucket per device: {@code rate} messages a second, up to {@code burst} at once, over MQTT and the device
 * HTTP API together, in the {@link RateBuckets} the configuration chose. A message over the limit is dropped; the
 * first one dropped in each minute is recorded as a {@code rate-limited} event, so a flood makes one event a minute,
 * not one per message (one for all nodes, when the buckets are shared).
 */
public final class DeviceRateLimit {

    /** The window of {@code rate-limited} events: at most one per device in each. */
    public static final Duration EVENT_WINDOW = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(DeviceRateLimit.class);

    private final RateBuckets buckets;
    private final Events events;
    private final Clock clock;

    public DeviceRateLimit(RateBuckets buckets, Events events, Clock clock) {
        this.buckets = buckets;
        this.events = events;
        this.clock = clock;
    }

    /** Counts one message of the device; false when it is over the limit and must be dropped. */
    public boolean admit(UUID deviceId) {
        Instant now = clock.instant();
        RateBuckets.Take take = buckets.take(deviceId, now, now.getEpochSecond() / EVENT_WINDOW.toSeconds());
        if (take == RateBuckets.Take.FIRST_REFUSED) {
            record(deviceId);
        }
        return take == RateBuckets.Take.ADMITTED;
    }

    private void record(UUID deviceId) {
        TokenBucket bucket = buckets.bucket();
        try {
            events.system(deviceId, "rate-limited", "the device sent more than " + describe()
                    + "; messages over the limit are dropped (this event is recorded at most once a minute)",
                    JsonNodeFactory.instance.objectNode().put("rate_per_second", bucket.rate()).put("burst", bucket.burst()));
        } catch (RuntimeException e) {
            log.warn("Could not record that device {} is rate limited: {}", deviceId, e.toString());
        }
    }

    /** The limit in words, for answers to devices. */
    public String describe() {
        return buckets.bucket().describe();
    }
}
