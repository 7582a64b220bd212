package dev.quintet.devices.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.devices.limits.RateBuckets.Take;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The buckets' script against a real Redis, when {@code QUINTET_TEST_REDIS_URL} names one. */
class RedisRateBucketsTest {

    static final String REDIS = System.getenv("QUINTET_TEST_REDIS_URL");
    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    final TokenBucket bucket = new TokenBucket(2, 3);
    final String namespace = "test-" + UUID.randomUUID();

    @BeforeEach
    void needsRedis() {
        Assumptions.assumeTrue(REDIS != null && !REDIS.isBlank(), "QUINTET_TEST_REDIS_URL is not set");
    }

    @Test
    void refillsAtTheRateUpToTheBurstAndTellsTheFirstRefusalOfEachMinute() {
        UUID device = UUID.randomUUID();
        try (RedisRateBuckets buckets = new RedisRateBuckets(REDIS, namespace, bucket)) {
            for (int i = 0; i < 3; i++) {
                assertThat(buckets.take(device, T0, 0)).isEqualTo(Take.ADMITTED);
            }
            assertThat(buckets.take(device, T0, 0)).isEqualTo(Take.FIRST_REFUSED);
            assertThat(buckets.take(device, T0, 0)).isEqualTo(Take.REFUSED);

            assertThat(buckets.take(device, T0.plusMillis(500), 0)).isEqualTo(Take.ADMITTED);
            assertThat(buckets.take(device, T0.plusMillis(500), 0)).isEqualTo(Take.REFUSED);
            assertThat(buckets.take(device, T0.plusSeconds(60), 1)).isEqualTo(Take.ADMITTED);
            assertThat(buckets.take(device, T0.plusSeconds(60), 1)).isEqualTo(Take.ADMITTED);
            assertThat(buckets.take(device, T0.plusSeconds(60), 1)).isEqualTo(Take.ADMITTED);
            assertThat(buckets.take(device, T0.plusSeconds(60), 1)).isEqualTo(Take.FIRST_REFUSED);
            assertThat(buckets.take(UUID.randomUUID(), T0.plusSeconds(60), 1)).isEqualTo(Take.ADMITTED);
        }
    }

    @Test
    void fallsBackToItsOwnBucketsWhenRedisFails() {
        UUID device = UUID.randomUUID();
        RedisRateBuckets buckets = new RedisRateBuckets(REDIS, namespace, bucket);
        for (int i = 0; i < 3; i++) {
            buckets.take(device, T0, 0);
        }
        buckets.close();

        assertThat(buckets.take(device, T0, 0)).isEqualTo(Take.ADMITTED);
        for (int i = 0; i < 3; i++) {
            assertThat(buckets.take(device, T0.plusSeconds(1), 0)).isEqualTo(Take.ADMITTED);
        }
        assertThat(buckets.take(device, T0.plusSeconds(1), 0)).isEqualTo(Take.FIRST_REFUSED);
    }
}
