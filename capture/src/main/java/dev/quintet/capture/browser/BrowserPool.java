package dev.quintet.capture.browser;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.TimeoutError;
import dev.quintet.platform.errors.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.LoggerFactory;

/**
 * A bounded number of pages on one shared Chromium. Each capture gets a fresh, isolated context; captures beyond
 * the free pages wait in a bounded queue, and when that is full they are turned away at once with 503 and
 * {@code Retry-After}. Each capture has a hard deadline; a browser that stops answering is restarted.
 */
public final class BrowserPool implements AutoCloseable {

    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final long ADMISSION_WAIT_MILLIS = 500;

    private final BrowserServer server;
    private final BlockingQueue<RenderJob<?>> queue;
    private final List<RenderLane> lanes = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final int pages;
    private volatile boolean closed;

    public BrowserPool(BrowserSettings settings, Consumer<BrowserContext> contextSetup) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        if (contextSetup == null) {
            throw new IllegalArgumentException("contextSetup must not be null");
        }
        this.server = new BrowserServer(settings);
        this.pages = settings.pages();
        this.queue = settings.queue() == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(settings.queue());
        for (int i = 0; i < pages; i++) {
            RenderLane lane = new RenderLane(server, queue, contextSetup, GRACE.toNanos(), settings.queue() > 0);
            lanes.add(lane);
            threads.add(Thread.ofPlatform().name("capture-lane-" + i).daemon().start(lane));
        }
        Thread.ofPlatform().name("capture-watchdog").daemon().start(this::watch);
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            lanes.forEach(lane -> lane.restartIfStuck(now));
        }
    }

    /** Starts the browser now rather than on the first capture; failures are left for captures to report. */
    public void warmUp() {
        Thread.ofVirtual().start(() -> {
            try {
                server.endpoint();
            } catch (RuntimeException e) {
                LoggerFactory.getLogger(BrowserPool.class).warn("{}", e.getMessage());
            }
        });
    }

    /**
     * Runs {@code work} on a fresh page in a fresh context made with {@code options}, within {@code timeout}
     * including any wait. {@code profile} stands for the options: equal profiles must mean equal options, as a
     * context made ahead of time for one is used for the other.
     */
    public <T> T render(Object profile, Browser.NewContextOptions options, Duration timeout, PageWork<T> work) {
        if (profile == null || options == null || work == null) {
            throw new IllegalArgumentException("profile, options and work must not be null");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (closed) {
            throw unavailable("the capture service is shutting down");
        }
        RenderJob<T> job = new RenderJob<>(profile, options, work, System.nanoTime() + timeout.toNanos());
        if (!admit(job)) {
            throw new ApiException(503, "capture_busy", "all " + pages + " pages are busy and the queue is full;"
                    + " retry later").withHeader("Retry-After", String.valueOf(1 + queue.size() / pages));
        }
        try {
            return job.result.get(timeout.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            job.result.cancel(false);
            BrowserServer.Endpoint stuck = job.runningOn;
            if (stuck != null) {
                server.restart(stuck);
            }
            throw timedOut(timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            job.result.cancel(false);
            throw unavailable("the capture was interrupted");
        } catch (ExecutionException e) {
            throw translate(e.getCause(), timeout);
        }
    }

    private boolean admit(RenderJob<?> job) {
        try {
            return queue.offer(job) || queue.offer(job, ADMISSION_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static RuntimeException translate(Throwable failure, Duration timeout) {
        if (failure instanceof ApiException api) {
            return api;
        }
        if (failure instanceof TimeoutError || failure instanceof java.util.concurrent.TimeoutException) {
            return timedOut(timeout);
        }
        if (failure instanceof BrowserUnavailable) {
            return unavailable(failure.getMessage());
        }
        if (failure instanceof PlaywrightException p) {
            LoggerFactory.getLogger(BrowserPool.class).warn("A capture failed in the browser: {}", p.getMessage());
            String first = p.getMessage() == null ? "unknown error" : p.getMessage().lines().findFirst().orElse("");
            return new ApiException(502, "render_failed", "the page could not be rendered: " + first.strip());
        }
        return new IllegalStateException("capture failed", failure);
    }

    private static ApiException timedOut(Duration timeout) {
        return new ApiException(504, "capture_timeout", "the capture did not finish within its timeout of "
                + timeout.toMillis() + " ms; raise timeout (at most the service maximum) or wait for less");
    }

    private static ApiException unavailable(String detail) {
        return new ApiException(503, "browser_unavailable", detail).withHeader("Retry-After", "5");
    }

    /** The process id of the browser server, or -1 when none runs. */
    long browserServerPid() {
        return server.pid();
    }

    @Override
    public void close() {
        closed = true;
        lanes.forEach(RenderLane::stop);
        server.close();
        threads.forEach(Thread::interrupt);
        for (Thread thread : threads) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        RenderJob<?> left;
        while ((left = queue.poll()) != null) {
            left.result.completeExceptionally(new BrowserUnavailable("the capture service is shutting down", null));
        }
    }
}
