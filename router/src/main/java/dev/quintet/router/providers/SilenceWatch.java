package dev.quintet.router.providers;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends upstream calls that have waited too long for the provider: one thread looks at the calls in flight every
 * tick (a tenth of the allowed silence, between 10 ms and 1 s) and cancels each that has been waiting longer than
 * the silence allows, so a call ends between the silence and the silence plus a tick. A call waits while it sends
 * its request and until the answer's headers come, and then only while its reader is inside a read of the body:
 * time the reader spends elsewhere (writing to a slow client) is not the provider's silence.
 *
 * <p>This takes the place of the HTTP client's own read and write timeouts, which arm a timer and wake its thread on
 * every read and write, several times per request; here a call costs a set entry and a clock reading per read.
 */
final class SilenceWatch implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SilenceWatch.class);

    private final Duration silence;
    private final Set<Waiter> calls = ConcurrentHashMap.newKeySet();
    private final Thread sweeper;

    SilenceWatch(Duration silence) {
        if (silence.isNegative() || silence.isZero()) {
            throw new IllegalArgumentException("the upstream timeout must be positive, got " + silence);
        }
        this.silence = silence;
        long tickMillis = Math.clamp(silence.toMillis() / 10, 10, 1000);
        this.sweeper = Thread.ofPlatform().daemon().name("upstream-silence").start(() -> sweepEvery(tickMillis));
    }

    /** Watches a call that begins to wait now; {@code cancel} ends it from the sweeper's thread. */
    Waiter watch(Runnable cancel) {
        Waiter waiter = new Waiter(cancel);
        calls.add(waiter);
        return waiter;
    }

    /** How many calls are watched now. */
    int watched() {
        return calls.size();
    }

    private void sweepEvery(long tickMillis) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(tickMillis);
                long latestStart = System.nanoTime() - silence.toNanos();
                for (Waiter w : calls) {
                    try {
                        w.expireIfWaitingSince(latestStart);
                    } catch (RuntimeException e) { // one call's failing cancel must not stop the watch of the rest
                        log.warn("Could not cancel an upstream call silent past its timeout", e);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed
        }
    }

    @Override
    public void close() {
        sweeper.interrupt();
    }

    /** One call's waits: each {@link #waiting()} is followed by {@link #answered()}, the call by {@link #done()}. */
    final class Waiter {

        private static final long NOT_WAITING = Long.MIN_VALUE;

        private final Runnable cancel;
        private volatile long waitingSince = System.nanoTime();
        private volatile boolean expired;

        private Waiter(Runnable cancel) {
            this.cancel = cancel;
        }

        void waiting() {
            waitingSince = System.nanoTime();
        }

        void answered() {
            waitingSince = NOT_WAITING;
        }

        void done() {
            calls.remove(this);
        }

        /** {@code e}, or a timeout in its place when the call failed because this watch cancelled it. */
        IOException failure(IOException e) {
            if (!expired) {
                return e;
            }
            SocketTimeoutException timeout = new SocketTimeoutException("the provider sent nothing for "
                    + (silence.toMillisPart() == 0 ? silence.toSeconds() + " s" : silence.toMillis() + " ms"));
            timeout.initCause(e);
            return timeout;
        }

        /** Cancels the call if it has been waiting since before {@code latestStart} (a {@code nanoTime}). */
        private void expireIfWaitingSince(long latestStart) {
            long since = waitingSince;
            if (since != NOT_WAITING && since - latestStart < 0) {
                expired = true;
                calls.remove(this);
                cancel.run();
            }
        }
    }
}
