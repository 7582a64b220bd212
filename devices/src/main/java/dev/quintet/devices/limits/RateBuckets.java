package dev.quintet.devices.limits;

import java.time.Instant;
import java.util.UUID;

/**
 * The devices' token buckets: in this node's memory ({@link LocalRateBuckets}), or in Redis, shared by every node
 * ({@link RedisRateBuckets}). Each bucket also remembers the last minute in which it refused a message, so the first
 * refusal of each minute can be told apart from the others.
 */
public interface RateBuckets extends AutoCloseable {

    /** What became of one message. */
    enum Take {
        ADMITTED,
        /** Refused, and the first refusal of this device in {@code minute}. */
        FIRST_REFUSED,
        REFUSED
    }

    /** Takes a token from the device's bucket at {@code now}, if it has one; {@code minute} numbers the minute. */
    Take take(UUID deviceId, Instant now, long minute);

    /** The shape of every bucket. */
    TokenBucket bucket();

    @Override
    default void close() {
    }
}
