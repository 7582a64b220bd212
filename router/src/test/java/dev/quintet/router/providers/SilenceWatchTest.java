package dev.quintet.router.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The silence watch on its own: who is cancelled, when, and what is left watched. */
class SilenceWatchTest {

    private final SilenceWatch watch = new SilenceWatch(Duration.ofMillis(300));

    @AfterEach
    void close() {
        watch.close();
    }

    @Test
    void cancelsACallWaitingLongerThanTheSilenceAndNamesTheFailureATimeout() throws Exception {
        CountDownLatch cancelled = new CountDownLatch(1);
        long started = System.nanoTime();
        SilenceWatch.Waiter waiter = watch.watch(cancelled::countDown);

        assertThat(cancelled.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(waiter.failure(new IOException("Canceled"))).isInstanceOf(SocketTimeoutException.class)
                .hasMessage("the provider sent nothing for 300 ms").hasCauseInstanceOf(IOException.class);
        assertThat(watch.watched()).isZero();
    }

    @Test
    void leavesACallAloneWhileItIsNotWaitingAndForgetsItWhenDone() throws Exception {
        AtomicInteger cancels = new AtomicInteger();
        SilenceWatch.Waiter waiter = watch.watch(cancels::incrementAndGet);
        waiter.answered();
        Thread.sleep(800);

        assertThat(cancels).hasValue(0);
        IOException other = new IOException("reset by peer");
        assertThat(waiter.failure(other)).isSameAs(other);
        assertThat(watch.watched()).isOne();
        waiter.done();
        assertThat(watch.watched()).isZero();
    }

    @Test
    void aSilenceMustBePositive() {
        assertThatThrownBy(() -> new SilenceWatch(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be positive");
    }
}
