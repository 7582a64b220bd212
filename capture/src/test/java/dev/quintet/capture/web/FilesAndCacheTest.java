package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Stored files behind the url of JSON answers, and the cache of repeated captures. */
class FilesAndCacheTest {

    static CaptureFixture app;
    static final Instant START = CaptureFixture.CLOCK.instant();

    @BeforeAll
    static void start() {
        CaptureFixture.assumeChromium();
        app = CaptureFixture.start();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @AfterEach
    void resetClock() {
        CaptureFixture.CLOCK.set(START);
    }

    private static long renders(String path) {
        return app.site.hits().stream().filter(path::equals).count();
    }

    @Test
    void servesARepeatedCaptureFromTheCacheUntilItsTtlEnds() {
        String page = app.site.base() + "/plain";
        HttpResponse<byte[]> first = Fetch.get(app.url("/v1/screenshot"), "url", page, "width", "300", "cache_ttl", "600");
        HttpResponse<byte[]> second = Fetch.get(app.url("/v1/screenshot"), "cache_ttl", "600", "width", "300", "url", page);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("X-Cache")).hasValue("MISS");
        assertThat(second.headers().firstValue("X-Cache")).hasValue("HIT");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(renders("/plain")).isEqualTo(1);
        long left = Long.parseLong(first.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
        assertThat(second.headers().firstValue("X-RateLimit-Remaining")).as("a cache hit costs no quota")
                .hasValue(String.valueOf(left));

        HttpResponse<byte[]> fresh = Fetch.get(app.url("/v1/screenshot"), "url", page, "width", "300",
                "cache_ttl", "600", "fresh", "true");
        assertThat(fresh.headers().firstValue("X-Cache")).hasValue("MISS");
        assertThat(renders("/plain")).isEqualTo(2);
        assertThat(fresh.headers().firstValue("X-RateLimit-Remaining")).hasValue(String.valueOf(left - 1));

        CaptureFixture.CLOCK.set(START.plus(Duration.ofSeconds(601)));
        HttpResponse<byte[]> later = Fetch.get(app.url("/v1/screenshot"), "url", page, "width", "300", "cache_ttl", "600");
        assertThat(later.headers().firstValue("X-Cache")).hasValue("MISS");
        assertThat(renders("/plain")).isEqualTo(3);
    }

    @Test
    void differentParametersOrAccountsDoNotShareCachedFiles() {
        String page = app.site.base() + "/long";
        Fetch.get(app.url("/v1/screenshot"), "url", page, "cache_ttl", "600");
        Fetch.get(app.url("/v1/screenshot"), "url", page, "cache_ttl", "600", "width", "640");
        String otherKey = app.platform.newKey("capture").secret();
        HttpResponse<byte[]> other = Fetch.get(app.baseUrl + "/v1/screenshot?api_key=" + otherKey, "url", page,
                "cache_ttl", "600");

        assertThat(other.headers().firstValue("X-Cache")).hasValue("MISS");
        assertThat(renders("/long")).isEqualTo(3);
    }

    @Test
    void answersJsonWithAFileUrlThatWorksWithoutAKeyUntilItExpires() {
        HttpResponse<byte[]> answer = Fetch.postJson(app.url("/v1/pdf"),
                "{\"html\":\"<h1>Invoice</h1>\",\"response_type\":\"json\",\"cache_ttl\":120}");
        String body = Fetch.text(answer);
        assertThat(answer.statusCode()).as(body).isEqualTo(200);
        assertThat((Integer) JsonPath.read(body, "$.pages")).isEqualTo(1);
        assertThat((String) JsonPath.read(body, "$.expires_at")).isEqualTo(START.plusSeconds(120).toString());
        String url = JsonPath.read(body, "$.url");

        HttpResponse<byte[]> file = Fetch.get(url);
        assertThat(file.statusCode()).isEqualTo(200);
        assertThat(file.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(file.headers().firstValue("Cache-Control")).hasValueSatisfying(c -> assertThat(c).contains("max-age=120", "private"));
        assertThat(new String(file.body(), 0, 5)).isEqualTo("%PDF-");

        HttpResponse<byte[]> again = Fetch.postJson(app.url("/v1/pdf"),
                "{\"html\":\"<h1>Invoice</h1>\",\"response_type\":\"json\",\"cache_ttl\":120}");
        assertThat((Boolean) JsonPath.read(Fetch.text(again), "$.cached")).isTrue();
        assertThat((String) JsonPath.read(Fetch.text(again), "$.url")).isEqualTo(url);

        CaptureFixture.CLOCK.set(START.plusSeconds(121));
        HttpResponse<byte[]> expired = Fetch.get(url);
        assertThat(expired.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(Fetch.text(expired), "$.code")).isEqualTo("file_not_found");
        assertThat(Fetch.get(app.baseUrl + "/v1/files/not-an-id").statusCode()).isEqualTo(404);
    }

    @Test
    void refusesACacheTtlOutOfRange() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "cache_ttl", "2592001");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.param")).isEqualTo("cache_ttl");
    }
}
