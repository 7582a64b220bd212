package dev.quintet.capture.browser;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A thread that owns one Playwright connection to the shared browser (Playwright objects belong to the thread
 * that made them) and renders queued captures one at a time, each in a fresh context that is closed afterwards.
 */
final class RenderLane implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(RenderLane.class);

    private final BrowserServer server;
    private final BlockingQueue<RenderJob<?>> queue;
    private final Consumer<BrowserContext> contextSetup;
    private final long graceNanos;
    private volatile boolean running = true;
    private volatile long busyUntilNanos;
    private volatile BrowserServer.Endpoint busyOn;
    private Playwright playwright;
    private Browser browser;
    private BrowserServer.Endpoint connectedTo;

    RenderLane(BrowserServer server, BlockingQueue<RenderJob<?>> queue, Consumer<BrowserContext> contextSetup,
               long graceNanos) {
        this.server = server;
        this.graceNanos = graceNanos;
        this.queue = queue;
        this.contextSetup = contextSetup;
    }

    @Override
    public void run() {
        try {
            while (running) {
                RenderJob<?> job = queue.take();
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
            context = openContext(job);
            context.setDefaultTimeout(remaining);
            context.setDefaultNavigationTimeout(remaining);
            contextSetup.accept(context);
            Page page = context.newPage();
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
