package dev.quintet.router.providers;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.ConnectionPool;
import okhttp3.internal.concurrent.TaskRunner;
import okhttp3.internal.connection.RealConnectionPool;

/**
 * The pool of kept-alive upstream connections, cleaned up (connections idle too long, or beyond the number kept, are
 * closed) by a thread that wakes on its own, at least once per {@code period}. OkHttp's own pool wakes its clean-up
 * thread each time a call gives its connection back, once per request; here that wake is skipped, and the thread
 * finds the due work when it next wakes, so an idle connection is closed up to a period after it is due.
 *
 * <p>This plugs into OkHttp's internal task runner (its {@code Backend}, the seam the library's own tests use),
 * stable within the 4.x line this module pins; {@code IdleConnectionsTest} checks that idle connections are still
 * closed.
 */
final class IdleConnections implements AutoCloseable {

    private final long periodNanos;
    private final AtomicLong wakeUps = new AtomicLong();
    private final ExecutorService threads = Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("upstream-idle-connections").factory());
    private final ConnectionPool pool;

    /** Keeps up to {@code maxIdle} connections, each for up to {@code keepAlive} unused. */
    IdleConnections(int maxIdle, Duration keepAlive, Duration period) {
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("the clean-up period must be positive, got " + period);
        }
        this.periodNanos = period.toNanos();
        TaskRunner runner = new TaskRunner(new LazyBackend());
        this.pool = new ConnectionPool(new RealConnectionPool(runner, maxIdle, keepAlive.toNanos(),
                TimeUnit.NANOSECONDS));
    }

    ConnectionPool pool() {
        return pool;
    }

    /** How many times the clean-up thread has begun to wait: once per clean-up, and once per period when idle. */
    long wakeUps() {
        return wakeUps.get();
    }

    /** Closes the idle connections; the clean-up thread ends within a period, having nothing left to do. */
    @Override
    public void close() {
        pool.evictAll();
        threads.shutdown();
    }

    /** Runs the pool's tasks on {@link #threads}, never woken early: waits end when a task is due or after a period. */
    private final class LazyBackend implements TaskRunner.Backend {

        @Override
        public void beforeTask(TaskRunner taskRunner) {
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void coordinatorNotify(TaskRunner taskRunner) {
        }

        /** Called holding {@code taskRunner}'s monitor, as for OkHttp's own backend. */
        @Override
        public void coordinatorWait(TaskRunner taskRunner, long nanos) {
            long wait = Math.min(nanos, periodNanos);
            if (wait <= 0) {
                return;
            }
            wakeUps.incrementAndGet();
            try {
                taskRunner.wait(TimeUnit.NANOSECONDS.toMillis(wait), (int) (wait % 1_000_000));
            } catch (InterruptedException e) { // ends the runner's tasks, as with OkHttp's own backend
                throw IdleConnections.<RuntimeException>unchecked(e);
            }
        }

        @Override
        public void execute(Runnable runnable) {
            threads.execute(runnable);
        }
    }

    /** Throws {@code e} past Java's check: the task runner (Kotlin) catches the interruption itself. */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E unchecked(Throwable e) throws E {
        throw (E) e;
    }
}
