package dev.quintet.platform.quota;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quintet.platform.testing.MutableClock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The Redis limiter against a real Redis, when {@code QUINTET_TEST_REDIS_URL} names one. */
class RedisQuotaLimiterTest {

    @Test
    void aRequestGivenBackLeavesRoomInBothWindows() {
        String redis = System.getenv("QUINTET_TEST_REDIS_URL");
        assumeTrue(redis != null && !redis.isBlank(), "QUINTET_TEST_REDIS_URL is not set");
        // the keys expire at their window's end by this clock, so it must be near the real time
        MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.MINUTES).plusSeconds(10));
        QuotaLimits limits = new QuotaLimits(2, 3);
        String subject = UUID.randomUUID().toString();
        try (RedisQuotaLimiter limiter = new RedisQuotaLimiter(redis, "test-" + UUID.randomUUID(), clock)) {
            limiter.acquire(subject, limits);
            QuotaDecision second = limiter.acquire(subject, limits);
            assertThat(limiter.acquire(subject, limits).allowed()).isFalse();

            limiter.giveBack(subject, second);

            QuotaDecision again = limiter.acquire(subject, limits);
            assertThat(again.allowed()).isTrue();
            assertThat(again.minute().remaining()).isZero();
            assertThat(again.day().remaining()).isEqualTo(1);
        }
    }
}
