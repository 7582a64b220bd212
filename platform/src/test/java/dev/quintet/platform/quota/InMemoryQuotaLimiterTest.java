package dev.quintet.platform.quota;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InMemoryQuotaLimiterTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-05-04T23:59:58Z"));
    private final InMemoryQuotaLimiter limiter = new InMemoryQuotaLimiter(clock);

    @Test
    void windowsFollowTheUtcMinuteAndDayWithResetSecondsToTheirEnds() {
        QuotaDecision first = limiter.acquire("a", new QuotaLimits(2, 3));
        assertThat(first.minute()).isEqualTo(new QuotaDecision.Window(QuotaWindow.MINUTE, 2, 1, 2));
        assertThat(first.day()).isEqualTo(new QuotaDecision.Window(QuotaWindow.DAY, 3, 2, 2));
        limiter.acquire("a", new QuotaLimits(2, 3));
        QuotaDecision refused = limiter.acquire("a", new QuotaLimits(2, 3));
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterSeconds()).isEqualTo(2);

        clock.advance(Duration.ofSeconds(2));
        QuotaDecision nextDay = limiter.acquire("a", new QuotaLimits(2, 3));
        assertThat(nextDay.allowed()).isTrue();
        assertThat(nextDay.day()).isEqualTo(new QuotaDecision.Window(QuotaWindow.DAY, 3, 2, 86_400));
    }

    @Test
    void aRequestGivenBackLeavesRoomInTheWindowsItCountedIn() {
        QuotaLimits limits = new QuotaLimits(2, 3);
        limiter.acquire("a", limits);
        QuotaDecision second = limiter.acquire("a", limits);
        assertThat(limiter.acquire("a", limits).allowed()).isFalse();

        limiter.giveBack("a", second);

        QuotaDecision again = limiter.acquire("a", limits);
        assertThat(again.allowed()).isTrue();
        assertThat(again.minute().remaining()).isZero();
        clock.advance(Duration.ofSeconds(2));
        limiter.giveBack("a", again);
        assertThat(limiter.acquire("a", limits).day().remaining()).as("a new day is not given yesterday's request")
                .isEqualTo(2);
    }

    @Test
    void aDayTurningWhileCallersRaceStillAdmitsExactlyTheDailyLimitOfTheNewDay() throws Exception {
        QuotaLimits limits = new QuotaLimits(1_000_000, 100);
        for (int i = 0; i < 50; i++) {
            limiter.acquire("busy", limits);
            limiter.acquire("idle-" + i, limits);
        }
        clock.advance(Duration.ofSeconds(3));
        ExecutorService pool = Executors.newFixedThreadPool(64);
        try {
            CountDownLatch start = new CountDownLatch(1);
            AtomicInteger admitted = new AtomicInteger();
            List<Future<?>> calls = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                calls.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 10; i++) {
                        if (limiter.acquire("busy", limits).allowed()) {
                            admitted.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> call : calls) {
                call.get();
            }
            assertThat(admitted).hasValue(100);
        } finally {
            pool.shutdownNow();
        }
        assertThat(limiter.acquire("idle-7", limits).day().remaining()).isEqualTo(99);
    }
}
