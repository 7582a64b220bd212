package dev.quintet.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.MutableClock;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.catalog.Pricing;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Cool-downs go by when each call began: calls in flight when one begins neither end nor lengthen it. */
class EndpointHealthTest {

    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");
    private final MutableClock clock = new MutableClock(NOW);
    private final EndpointHealth health = new EndpointHealth(clock, Duration.ofMinutes(30), Duration.ofSeconds(5),
            Duration.ofMinutes(5));
    private final Endpoint endpoint = new Endpoint("fake-a", "ok", Pricing.of(BigDecimal.ONE, BigDecimal.ONE), null,
            null, null);
    private final Candidate candidate = new Candidate(new Model("test/ok", "test/ok", 0, null, null, List.of("text"),
            List.of("text"), List.of(endpoint)), endpoint, null);

    private Optional<Instant> coolingUntil() {
        return health.coolingUntil(candidate.model(), endpoint);
    }

    private void succeeded(long startedNanos) {
        health.succeeded(candidate, startedNanos, Duration.ofMillis(100), 10, Duration.ofMillis(100));
    }

    @Test
    void callsFailingTogetherAreOneFailureNotAStreak() {
        long first = System.nanoTime();
        long second = System.nanoTime();
        long third = System.nanoTime();

        health.failed(candidate, first, Optional.empty());
        health.failed(candidate, second, Optional.empty());
        health.failed(candidate, third, Optional.empty());

        assertThat(coolingUntil()).hasValue(NOW.plusSeconds(5));
    }

    @Test
    void aCallInFlightWhenTheCoolDownBeganDoesNotEndItByAnswering() {
        long inFlight = System.nanoTime();
        health.failed(candidate, System.nanoTime(), Optional.of(Duration.ofSeconds(60)));

        succeeded(inFlight);

        assertThat(coolingUntil()).as("the provider asked for 60 s").hasValue(NOW.plusSeconds(60));
        succeeded(System.nanoTime());
        assertThat(coolingUntil()).as("a call begun since answered").isEmpty();
    }

    @Test
    void aFailureOfACallBegunAfterTheCoolDownDoublesIt() {
        health.failed(candidate, System.nanoTime(), Optional.empty());
        clock.advance(Duration.ofSeconds(6));

        health.failed(candidate, System.nanoTime(), Optional.empty());

        assertThat(coolingUntil()).hasValue(NOW.plusSeconds(6 + 10));
    }
}
