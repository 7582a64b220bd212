package dev.quintet.devices.web;

import dev.quintet.devices.DevicesProperties;
import dev.quintet.platform.errors.ApiException;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.stereotype.Component;

/** Counts the live streams each API key holds open on this node, up to {@code streams-per-key}. */
@Component
final class StreamSlots {

    /** One open stream; closing it frees the slot. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    private final int perKey;
    private final ConcurrentMap<UUID, Integer> open = new ConcurrentHashMap<>();

    StreamSlots(DevicesProperties properties) {
        this.perKey = properties.streamsPerKey();
    }

    /** Takes a slot of {@code keyId}; 429 when all are taken. */
    Slot claim(UUID keyId) {
        boolean[] taken = new boolean[1];
        open.compute(keyId, (k, n) -> {
            int count = n == null ? 0 : n;
            if (count >= perKey) {
                return n;
            }
            taken[0] = true;
            return count + 1;
        });
        if (!taken[0]) {
            throw new ApiException(429, "too_many_streams", "at most " + perKey
                    + " live streams may be open per API key at once; close one before opening another");
        }
        return () -> open.computeIfPresent(keyId, (k, n) -> n <= 1 ? null : n - 1);
    }
}
