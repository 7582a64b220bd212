package dev.quintet.router.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.platform.testing.CallerGone;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * When the caller goes away, the relay's keep-alive notices (its comment cannot be written) and interrupts the
 * request thread, but only inside a wait on the provider: an interrupt landing elsewhere (on the database calls that
 * hold credit or record the generation) would break that work and its connection.
 */
class SseRelayTest {

    /** The keep-alive looks every quarter of this, and writes its comment (which fails) once this has passed. */
    private static final Duration KEEP_ALIVE = Duration.ofMillis(40);

    /** A wait on a provider that answers only after the test would have failed. */
    private static final SseRelay.UpstreamWait<String, InterruptedException> PROVIDER_SILENT = () -> {
        Thread.sleep(10_000);
        return "answered";
    };

    private SseRelay relay;

    @BeforeEach
    void callerWhoLeft() {
        relay = new SseRelay(CallerGone.response(), KEEP_ALIVE, JsonMapper.builder().build(), "gen-1-test",
                new ChunkStyle(false, false));
    }

    @AfterEach
    void close() {
        relay.close();
        Thread.interrupted();
    }

    @Test
    void aWaitOnTheProviderIsInterruptedWhenTheCallerLeaves() {
        long started = System.nanoTime();

        assertThatThrownBy(() -> relay.whileWaiting(PROVIDER_SILENT)).isInstanceOf(InterruptedException.class);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        assertThat(Thread.currentThread().isInterrupted()).as("interrupt carried out of the wait").isFalse();
    }

    @Test
    void theCallerLeavingBetweenWaitsInterruptsNothingThere() {
        assertThat(interruptedWithin(Duration.ofMillis(500))).isFalse();
    }

    @Test
    void aWaitBegunAfterTheCallerLeftIsInterruptedAtOnce() {
        interruptedWithin(Duration.ofMillis(500)); // the keep-alive has found the caller gone meanwhile
        long started = System.nanoTime();

        assertThatThrownBy(() -> relay.whileWaiting(PROVIDER_SILENT)).isInstanceOf(InterruptedException.class);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void aWaitThatEndsBeforeTheCallerLeavesGivesItsResult() {
        assertThat(relay.whileWaiting(() -> "answered")).isEqualTo("answered");
    }

    /** Waits (not in a wait on the provider) for {@code time}; whether the thread was interrupted meanwhile. */
    private static boolean interruptedWithin(Duration time) {
        long deadline = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            if (Thread.currentThread().isInterrupted()) {
                return true;
            }
        }
        return false;
    }
}
