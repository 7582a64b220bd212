package dev.quintet.capture.browser;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A thread that owns one Playwright connection to the shared browser (Playwright objects belong to the thread
 * that made them) and renders queued captures one at a time, each in a fresh context that is closed afterwards.
 * When no capture came for a tenth of a second it makes the next context and page ahead of time (a quarter of a
 * second of Chromium's work), with the options of the capture it last served; the next capture with those options
 * starts on them. A pool without a queue does not: there a capture is refused unless a lane is waiting for it.
 * Such a context has never been used, so captures stay as isolated as before.
 */
final class RenderLane implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(RenderLane.class);
    /** How long the lane waits for a capture before making the next context, so it does not compete with a busy queue. */
    private static final long SPARE_AFTER_IDLE_MILLIS = 100;

    private final BrowserServer server;
    private final BlockingQueue<RenderJob<?>> queue;
    private final Consumer<BrowserContext> contextSetup;
    private final long graceNanos;
    /** Whether to make contexts ahead of time: only with a queue, where a capture may wait for the lane a moment. */
    private final boolean prepareAhead;
    private volatile boolean running = true;
    private volatile long busyUntilNanos;
    private volatile BrowserServer.Endpoint busyOn;
    private Playwright playwright;
    private Browser browser;
    private BrowserServer.Endpoint connectedTo;
    /** The options (and what stands for them) of the last capture served, which the next spare context gets. */
    private Object lastProfile;
    private Browser.NewContextOptions lastOptions;
    private Spare spare;

    /** A context and its page made ahead of time on {@code on} for captures of {@code profile}. */
    private record Spare(Object profile, BrowserContext context, Page page, BrowserServer.Endpoint on) {
    }

    RenderLane(BrowserServer server, BlockingQueue<RenderJob<?>> queue, Consumer<BrowserContext> contextSetup,
               long graceNanos, boolean prepareAhead) {
        this.server = server;
        this.prepareAhead = prepareAhead;
        this.graceNanos = graceNanos;
        this.queue = queue;
        this.contextSetup = contextSetup;
    }

    @Override
    public void run() {
        try {
            while (running) {
                RenderJob<?> job = queue.poll(SPARE_AFTER_IDLE_MILLIS, TimeUnit.MILLISECONDS);
                if (job == null) {
                    prepareSpare();
                    job = queue.take();
                }
                if (!job.result.isDone()) {
                    server.beginCapture(job.deadlineNanos);
                    busyUntilNanos = job.deadlineNanos + graceNanos;
                    try {
                        render(job);
                    } finally {
                        busyUntilNanos = 0;
                        busyOn = null;
                        server.endCapture();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            discardSpare();
            disconnect();
        }
    }

    void stop() {
        running = false;
    }

    /** Restarts the browser when this lane is stuck past its capture's deadline and grace (a hung renderer). */
    void restartIfStuck(long nowNanos) {
        long until = busyUntilNanos;
        BrowserServer.Endpoint on = busyOn;
        if (until != 0 && on != null && nowNanos - until > 0) {
            log.warn("A capture outlived its deadline; restarting the browser to free its page");
            busyUntilNanos = 0;
            server.restart(on);
        }
    }

    private <T> void render(RenderJob<T> job) {
        BrowserContext context = null;
        try {
            long remaining = job.remainingMillis();
            if (remaining <= 0) {
                throw new TimeoutException("the capture waited for a page until its deadline");
            }
            Spare ready = takeSpare(job);
            Page page;
            if (ready != null) {
                context = ready.context();
                page = ready.page();
                job.runningOn = ready.on();
                busyOn = ready.on();
            } else {
                context = openContext(job);
                contextSetup.accept(context);
                page = context.newPage();
            }
            context.setDefaultTimeout(remaining);
            context.setDefaultNavigationTimeout(remaining);
            lastProfile = job.profile;
            lastOptions = job.options;
            job.result.complete(job.work.render(page));
        } catch (Exception e) {
            job.result.completeExceptionally(e);
        } finally {
            close(context);
        }
    }

    private BrowserContext openContext(RenderJob<?> job) {
        try {
            BrowserContext context = connect().newContext(job.options);
            job.runningOn = connectedTo;
            busyOn = connectedTo;
            return context;
        } catch (PlaywrightException | BrowserUnavailable first) {
            log.warn("The browser connection failed ({}); reconnecting", String.valueOf(first.getMessage()).lines().findFirst()
                    .orElse(""));
            if (connectedTo != null) {
                server.restart(connectedTo);
            }
            disconnect();
            try {
                BrowserContext context = connect().newContext(job.options);
                job.runningOn = connectedTo;
                busyOn = connectedTo;
                return context;
            } catch (PlaywrightException second) {
                throw new BrowserUnavailable("Chromium is not available: "
                        + String.valueOf(second.getMessage()).lines().findFirst().orElse(""), second);
            }
        }
    }

    /** Makes a context and page with the last capture's options, unless one is ready; a failure is left to the next capture. */
    private void prepareSpare() {
        if (!prepareAhead || spare != null || lastOptions == null || !running) {
            return;
        }
        try {
            BrowserContext context = connect().newContext(lastOptions);
            contextSetup.accept(context);
            spare = new Spare(lastProfile, context, context.newPage(), connectedTo);
        } catch (PlaywrightException | BrowserUnavailable | IllegalStateException e) {
            log.debug("Making a context ahead of time failed: {}", e.getMessage());
        }
    }

    /** The context made ahead of time, if it suits {@code job} and its browser still runs; else none (closing it). */
    private Spare takeSpare(RenderJob<?> job) {
        Spare ready = spare;
        spare = null;
        if (ready == null) {
            return null;
        }
        if (ready.profile().equals(job.profile) && ready.on().equals(server.endpoint())
                && ready.on().equals(connectedTo) && browser != null && browser.isConnected()) {
            return ready;
        }
        closeQuietly(ready.context());
        return null;
    }

    private void discardSpare() {
        if (spare != null) {
            closeQuietly(spare.context());
            spare = null;
        }
    }

    private static void closeQuietly(BrowserContext context) {
        try {
            context.close();
        } catch (PlaywrightException e) {
            log.debug("Closing a context made ahead of time failed: {}", e.getMessage());
        }
    }

    private void close(BrowserContext context) {
        try {
            if (context != null) {
                context.close();
            }
        } catch (PlaywrightException e) {
            log.debug("Closing a capture context failed: {}", e.getMessage());
        }
        if (browser != null && !browser.isConnected()) {
            server.restart(connectedTo);
            disconnect();
        }
    }

    private Browser connect() {
        BrowserServer.Endpoint endpoint = server.endpoint();
        if (browser != null && browser.isConnected() && endpoint.equals(connectedTo)) {
            return browser;
        }
        disconnect();
        connectedTo = endpoint;
        playwright = Playwright.create(new Playwright.CreateOptions().setEnv(server.driverEnv()));
        browser = playwright.chromium().connect(endpoint.address());
        return browser;
    }

    private void disconnect() {
        try {
            if (playwright != null) {
                playwright.close();
            }
        } catch (RuntimeException e) {
            log.debug("Closing a Playwright connection failed: {}", e.getMessage());
        }
        playwright = null;
        browser = null;
        connectedTo = null;
    }
}
