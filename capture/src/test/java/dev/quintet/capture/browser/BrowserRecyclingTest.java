package dev.quintet.capture.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.lang.management.ManagementFactory;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Many captures in a row on an app that replaces its browser every 50 captures: every capture succeeds across the
 * replacements, the browser really is replaced, neither processes nor the app's heap pile up, and nothing of
 * Chromium outlives the app.
 */
class BrowserRecyclingTest {

    private static final int CAPTURES = 200;
    private static final int RECYCLE_AFTER = 50;

    @Test
    void twoHundredCapturesAcrossBrowserReplacementsLeaveNoProcessesAndNoGrowingMemory() throws Exception {
        CaptureFixture.assumeChromium();
        CaptureFixture app = CaptureFixture.start("--quintet.capture.recycle-after=" + RECYCLE_AFTER);
        Set<Long> before = anyChromium();
        Set<Long> browsers = new HashSet<>();
        try {
            captures(app, RECYCLE_AFTER, browsers);
            long heapAfterFirstRound = heapAfterGc();

            captures(app, CAPTURES - RECYCLE_AFTER, browsers);

            assertThat(browsers).as("browser servers seen").hasSizeGreaterThanOrEqualTo(CAPTURES / RECYCLE_AFTER);
            assertThat(heapAfterGc() - heapAfterFirstRound).as("heap growth in bytes")
                    .isLessThan(48L * 1024 * 1024);
            // Chromium's crash handler detaches from the browser (its parent becomes init) and ends with it: the
            // current browser's pair may run, none of an earlier browser's
            assertThat(settled(() -> startedSince(before).stream()
                    .filter(pid -> !current().contains(pid)).filter(pid -> !isCrashHandler(pid)).findAny().isEmpty()
                    && startedSince(before).stream().filter(BrowserRecyclingTest::isCrashHandler).count() <= 2))
                    .as("every Chromium process started by the test belongs to the current browser; others: %s",
                            describe(startedSince(before), current())).isTrue();
            assertThat(browserServers()).hasSize(1);
        } finally {
            app.close();
        }
        assertThat(settled(() -> startedSince(before).isEmpty())).as("Chromium processes after the app stopped")
                .isTrue();
    }

    private static boolean settled(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(200);
        }
        return true;
    }

    /** Runs {@code count} captures from two callers at once, noting which browser server ran after each. */
    private static void captures(CaptureFixture app, int count, Set<Long> browsers) throws Exception {
        List<Callable<Void>> callers = new ArrayList<>();
        for (int caller = 0; caller < 2; caller++) {
            callers.add(() -> {
                for (int i = 0; i < count / 2; i++) {
                    HttpResponse<byte[]> shot = Fetch.get(app.url("/v1/screenshot"), "url",
                            app.site.base() + "/plain", "width", "320", "height", "200");
                    assertThat(shot.statusCode()).as(Fetch.text(shot)).isEqualTo(200);
                    browserServers().forEach(p -> {
                        synchronized (browsers) {
                            browsers.add(p.pid());
                        }
                    });
                }
                return null;
            });
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Future<Void> f : pool.invokeAll(callers)) {
                f.get();
            }
        }
    }

    private static List<ProcessHandle> browserServers() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments().map(args -> List.of(args).contains("launch-server")).orElse(false))
                .toList();
    }

    /** The pids of the browser servers this app runs now and of everything they started. */
    private static Set<Long> current() {
        Set<Long> pids = new HashSet<>();
        for (ProcessHandle server : browserServers()) {
            pids.add(server.pid());
            server.descendants().forEach(p -> pids.add(p.pid()));
        }
        return pids;
    }

    /** Chromium processes anywhere on the machine, orphans included, that were not running at {@code before}. */
    private static Set<Long> startedSince(Set<Long> before) {
        Set<Long> pids = anyChromium();
        pids.removeAll(before);
        return pids;
    }

    private static String describe(Set<Long> pids, Set<Long> except) {
        return pids.stream().filter(pid -> !except.contains(pid)).flatMap(pid -> ProcessHandle.of(pid).stream())
                .map(p -> p.pid() + " (parent " + p.parent().map(ProcessHandle::pid).orElse(-1L) + "): "
                        + p.info().commandLine().orElse("?"))
                .toList().toString();
    }

    private static boolean isCrashHandler(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().command()).map(c -> c.endsWith("crashpad_handler"))
                .orElse(false);
    }

    private static Set<Long> anyChromium() {
        Set<Long> pids = new HashSet<>();
        ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.contains("chrom")).orElse(false))
                .forEach(p -> pids.add(p.pid()));
        return pids;
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
