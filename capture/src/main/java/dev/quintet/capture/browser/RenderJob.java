package dev.quintet.capture.browser;

import com.microsoft.playwright.Browser;
import java.util.concurrent.CompletableFuture;

/** One capture waiting for, or running on, a render lane. */
final class RenderJob<T> {

    final Browser.NewContextOptions options;
    /** Equal for jobs whose options are equal: a context made ahead for one serves the other. */
    final Object profile;
    final PageWork<T> work;
    final long deadlineNanos;
    final CompletableFuture<T> result = new CompletableFuture<>();
    volatile BrowserServer.Endpoint runningOn;

    RenderJob(Object profile, Browser.NewContextOptions options, PageWork<T> work, long deadlineNanos) {
        this.profile = profile;
        this.options = options;
        this.work = work;
        this.deadlineNanos = deadlineNanos;
    }

    long remainingMillis() {
        return (deadlineNanos - System.nanoTime()) / 1_000_000;
    }
}
