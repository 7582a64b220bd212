package dev.quintet.capture.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quintet.capture.CaptureApplication;
import dev.quintet.capture.browser.ChromiumExecutable;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capture app on a real port for tests, with a loopback test site it may reach (127.0.0.1) and a canary
 * site it must never reach (127.0.0.2). Each test class starts one and closes it afterwards.
 */
public final class CaptureFixture {

    public static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    public final TestPlatform platform;
    public final String baseUrl;
    public final String key;
    public final TestSite site;
    public final TestSite canary;

    private CaptureFixture(String... overrides) {
        platform = TestPlatform.start(CLOCK, "--quintet.quota.free.capture.per-minute=100000",
                "--quintet.quota.free.capture.per-day=1000000");
        site = new TestSite("127.0.0.1");
        canary = new TestSite("127.0.0.2");
        Map<String, String> settings = new LinkedHashMap<>(Map.of(
                "quintet.capture.allowed-networks", "127.0.0.1/32",
                "quintet.capture.pages", "2",
                "quintet.capture.queue", "4"));
        for (String override : overrides) {
            String[] pair = override.substring(2).split("=", 2);
            settings.put(pair[0], pair[1]);
        }
        List<String> args = settings.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList();
        baseUrl = platform.startApp(CaptureApplication.class, "capture", args.toArray(String[]::new));
        key = platform.newKey("capture").secret();
    }

    /** The app with test settings, each override written {@code --name=value}; close it after the test class. */
    public static CaptureFixture start(String... overrides) {
        return new CaptureFixture(overrides);
    }

    /** Skips the calling test unless a Chromium is installed or Playwright may download one. */
    public static void assumeChromium() {
        boolean installed = ChromiumExecutable.find(System.getenv("QUINTET_CHROMIUM"), System.getenv("PATH"))
                .isPresent();
        assumeTrue(installed || System.getenv("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD") == null,
                "no Chromium found and PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD forbids downloading one");
    }

    public String url(String path) {
        return baseUrl + path + (path.contains("?") ? "&" : "?") + "api_key=" + key;
    }

    public void close() {
        site.close();
        canary.close();
        platform.close();
    }
}
