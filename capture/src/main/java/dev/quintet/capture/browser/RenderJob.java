package dev.quintet.capture.browser;

import com.microsoft.playwright.Browser;
import java.util.concurrent.CompletableFuture;

/** One capture waiting for, or running on, a render lane. */
final class RenderJob<T> {

    final Browser.NewContextOptions options;
    final PageWork<T> work;
    final long deadlineNanos;
    final CompletableFuture<T> result = new CompletableFuture<>();
    volatile BrowserServer.Endpoint runningOn;

    RenderJob(Browser.NewContextOptions options, PageWork<T> work, long deadlineNanos) {
        this.options = options;
        this.work = work;
        this.deadlineNanos = deadlineNanos;
    }

    long remainingMillis() {
        return (deadlineNanos - System.nanoTime()) / 1_000_000;
    }
}
