package dev.quintet.devices.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/** Buckets in this node's memory: each node admits a device's full rate by itself. */
public final class LocalRateBuckets implements RateBuckets {

    private final TokenBucket bucket;
    private final Cache<UUID, AtomicReference<State>> states =
            Caffeine.newBuilder().expireAfterAccess(Duration.ofMinutes(10)).maximumSize(1_000_000).build();

    public LocalRateBuckets(TokenBucket bucket) {
        this.bucket = bucket;
    }

    @Override
    public Take take(UUID deviceId, Instant now, long minute) {
        AtomicReference<State> state = states.get(deviceId, id -> new AtomicReference<>(new State(bucket.burst(), now, -1)));
        while (true) {
            State seen = state.get();
            State filled = seen.refilled(now, bucket);
            Take take = filled.tokens() >= 1 ? Take.ADMITTED
                    : filled.refusedMinute() != minute ? Take.FIRST_REFUSED : Take.REFUSED;
            State next = switch (take) {
                case ADMITTED -> filled.take();
                case FIRST_REFUSED -> filled.refusedIn(minute);
                case REFUSED -> filled;
            };
            if (state.compareAndSet(seen, next)) {
                return take;
            }
        }
    }

    @Override
    public TokenBucket bucket() {
        return bucket;
    }

    /** Tokens left at {@code at}; the last minute with a refusal. */
    private record State(double tokens, Instant at, long refusedMinute) {

        State refilled(Instant now, TokenBucket bucket) {
            if (!now.isAfter(at)) {
                return this;
            }
            return new State(bucket.refilled(tokens, Duration.between(at, now).toNanos()), now, refusedMinute);
        }

        State take() {
            return new State(tokens - 1, at, refusedMinute);
        }

        State refusedIn(long minute) {
            return new State(tokens, at, minute);
        }
    }
}
