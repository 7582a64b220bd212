package dev.quintet.capture.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The pool's limits on an app with one page and no queue: busy, deadlines, hung pages and a crashed browser. */
class PoolLimitsTest {

    static CaptureFixture app;

    @BeforeAll
    static void start() {
        CaptureFixture.assumeChromium();
        app = CaptureFixture.start("--quintet.capture.pages=1", "--quintet.capture.queue=0");
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    private HttpResponse<byte[]> plainShot() {
        return Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/plain", "width", "200",
                "height", "100");
    }

    private int eventuallyServes() throws InterruptedException {
        int status = 0;
        for (int attempt = 0; attempt < 40 && status != 200; attempt++) {
            status = plainShot().statusCode();
            if (status != 200) {
                Thread.sleep(500);
            }
        }
        return status;
    }

    @Test
    void answers503WithRetryAfterWhenEveryPageIsBusyAndTheQueueIsFull() throws Exception {
        assertThat(eventuallyServes()).isEqualTo(200);
        app.site.resetSlow();
        CompletableFuture<HttpResponse<byte[]>> slow = CompletableFuture.supplyAsync(() ->
                Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/slow?ms=3000"));
        assertThat(app.site.awaitSlowRequest(20_000)).isTrue();

        HttpResponse<byte[]> busy = plainShot();

        assertThat(busy.statusCode()).isEqualTo(503);
        assertThat(busy.headers().firstValue("Retry-After")).isPresent();
        assertThat((String) JsonPath.read(Fetch.text(busy), "$.code")).isEqualTo("capture_busy");
        assertThat(slow.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    }

    @Test
    void answers504WhenThePageOutlastsTheTimeoutAndServesTheNextCapture() {
        HttpResponse<byte[]> late = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/slow?ms=8000",
                "timeout", "1500");

        assertThat(late.statusCode()).as(Fetch.text(late)).isEqualTo(504);
        assertThat((String) JsonPath.read(Fetch.text(late), "$.detail")).contains("timeout of 1500 ms");
        assertThat(plainShot().statusCode()).isEqualTo(200);
    }

    @Test
    void aPageThatNeverStopsRunningScriptDoesNotWedgeThePool() throws InterruptedException {
        HttpResponse<byte[]> hung = Fetch.postJson(app.url("/v1/screenshot"),
                "{\"html\":\"<p>spin</p><script>while (true) {}</script>\",\"timeout\":2000}");

        assertThat(hung.statusCode()).as(Fetch.text(hung)).isIn(502, 504);
        assertThat(eventuallyServes()).isEqualTo(200);
    }

    @Test
    void restartsTheBrowserAfterItCrashes() throws Exception {
        assertThat(plainShot().statusCode()).isEqualTo(200);
        List<ProcessHandle> browsers = ProcessHandle.current().descendants()
                .filter(p -> p.parent().flatMap(parent -> parent.info().arguments())
                        .map(args -> List.of(args).contains("launch-server")).orElse(false))
                .toList();
        assertThat(browsers).isNotEmpty();

        browsers.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle browser : browsers) {
            browser.onExit().get(10, TimeUnit.SECONDS);
        }

        assertThat(plainShot().statusCode()).isEqualTo(200);
    }
}
