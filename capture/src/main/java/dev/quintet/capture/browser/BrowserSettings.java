package dev.quintet.capture.browser;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How the shared browser is started and shared.
 *
 * @param executable the Chromium to run, empty for Playwright's own
 * @param proxy the egress proxy every request goes through, e.g. {@code http://127.0.0.1:41234}
 * @param pages how many pages render at once
 * @param queue how many captures may wait for a page before new ones are turned away
 * @param startTimeout how long the browser may take to start
 * @param recycleAfter captures one browser serves before it is replaced by a fresh one (memory a long-lived
 *                     Chromium accumulates is given back that way)
 */
public record BrowserSettings(Optional<Path> executable, String proxy, int pages, int queue, Duration startTimeout,
                              int recycleAfter) {

    public BrowserSettings {
        if (executable == null) {
            throw new IllegalArgumentException("executable must not be null (use Optional.empty())");
        }
        if (proxy == null || !proxy.startsWith("http://")) {
            throw new IllegalArgumentException("proxy must be an http:// address, got " + proxy);
        }
        if (pages < 1 || pages > 64) {
            throw new IllegalArgumentException("pages must be 1..64, got " + pages);
        }
        if (queue < 0 || queue > 10_000) {
            throw new IllegalArgumentException("queue must be 0..10000, got " + queue);
        }
        if (startTimeout == null || startTimeout.isNegative() || startTimeout.isZero()) {
            throw new IllegalArgumentException("startTimeout must be positive, got " + startTimeout);
        }
        if (recycleAfter < 1) {
            throw new IllegalArgumentException("recycleAfter must be at least 1, got " + recycleAfter);
        }
    }
}
