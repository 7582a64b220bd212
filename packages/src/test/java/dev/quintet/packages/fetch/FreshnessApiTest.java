package dev.quintet.packages.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** TTLs, conditional requests, single-flight, stale serving and upstream errors, over real HTTP both ways. */
class FreshnessApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        app = PackagesTestApp.start(clock, fake, List.of(),
                "--quintet.packages.ttl.npm=10m", "--quintet.packages.request-timeout=1s",
                "--quintet.packages.retry-after-failure=30s");
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    @AfterEach
    void heal() {
        fake.mode(FakeUpstream.Mode.HEALTHY);
        fake.delay(Duration.ZERO);
    }

    private static String renamed(String name) {
        return FakeUpstream.resource("npm/is-odd.json").replace("\"is-odd\"", "\"" + name + "\"");
    }

    private HttpResponse<String> get(String path) {
        return Http.get(app.url(path), app.auth());
    }

    @Test
    void revalidatesWithIfNoneMatchAndA304RefreshesFetchedAt() {
        fake.serve("/is-odd", "npm/is-odd.json", "application/json");
        Instant first = clock.instant();
        assertThat(get("/api/npm/is-odd").statusCode()).isEqualTo(200);
        get("/api/npm/is-odd");
        assertThat(fake.requests("/is-odd")).as("fresh within the TTL").hasSize(1);

        clock.advance(Duration.ofMinutes(11));
        HttpResponse<String> again = get("/api/npm/is-odd");

        List<FakeUpstream.Seen> seen = fake.requests("/is-odd");
        assertThat(seen).hasSize(2);
        assertThat(seen.get(0).ifNoneMatch()).isNull();
        assertThat(seen.get(1).ifNoneMatch()).isNotNull().startsWith("\"");
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(again.body(), "$.fetched_at")).isEqualTo(clock.instant().toString())
                .isNotEqualTo(first.toString());
        assertThat((List<String>) JsonPath.read(again.body(), "$.versions[*].number")).hasSize(7);
    }

    @Test
    void servesStoredDataMarkedStaleWhenTheUpstreamFails() {
        fake.serve("/is-number", "npm/is-number.json", "application/json");
        assertThat(get("/api/npm/is-number").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(11));
        fake.mode(FakeUpstream.Mode.FAILING);

        HttpResponse<String> r = get("/api/npm/is-number");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Data-Stale")).hasValue("true");
        assertThat((Boolean) JsonPath.read(r.body(), "$.stale")).isTrue();
        assertThat((String) JsonPath.read(r.body(), "$.stale_reason")).contains("503");
        assertThat((String) JsonPath.read(r.body(), "$.latest_release_number")).isEqualTo("7.0.0");
    }

    @Test
    void neverLosesStoredDataWhenTheUpstreamSendsGarbage() {
        fake.serveBody("/left-pad", renamed("left-pad"), "application/json");
        get("/api/npm/left-pad");
        clock.advance(Duration.ofMinutes(11));
        fake.mode(FakeUpstream.Mode.GARBAGE);

        HttpResponse<String> r = get("/api/npm/left-pad");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat((Boolean) JsonPath.read(r.body(), "$.stale")).isTrue();
        assertThat((String) JsonPath.read(r.body(), "$.stale_reason")).contains("unreadable");
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[*].number")).hasSize(7);
    }

    @Test
    void backsOffFromAFailingUpstreamAndRecoversLater() {
        fake.serveBody("/is-even", renamed("is-even"), "application/json");
        get("/api/npm/is-even");
        clock.advance(Duration.ofMinutes(11));
        fake.mode(FakeUpstream.Mode.FAILING);
        get("/api/npm/is-even");
        int calls = fake.requests("/is-even").size();
        get("/api/npm/is-even");
        assertThat(fake.requests("/is-even")).as("no retry within retry-after-failure").hasSize(calls);

        fake.mode(FakeUpstream.Mode.HEALTHY);
        clock.advance(Duration.ofSeconds(31));
        HttpResponse<String> r = get("/api/npm/is-even");
        assertThat(r.headers().firstValue("X-Data-Stale")).isEmpty();
        assertThat(r.body()).doesNotContain("\"stale\"");
    }

    @Test
    void answers502NamingTheUpstreamWhenNothingIsStored() {
        fake.mode(FakeUpstream.Mode.FAILING);

        HttpResponse<String> r = get("/api/npm/never-seen-before");

        assertThat(r.statusCode()).isEqualTo(502);
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("upstream_error");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("127.0.0.1").contains("503");
    }

    @Test
    void answers503WithRetryAfterWhenTheUpstreamAsksUsToSlowDownAndNothingIsStored() {
        fake.mode(FakeUpstream.Mode.RATE_LIMITED);

        HttpResponse<String> r = get("/api/npm/asked-too-often");

        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(r.headers().firstValue("Retry-After")).hasValue("120");
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("upstream_rate_limited");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("429");
    }

    @Test
    void answers504WhenTheUpstreamTimesOutAndNothingIsStored() {
        fake.mode(FakeUpstream.Mode.SLOW);

        HttpResponse<String> r = get("/api/pypi/slowpoke");

        assertThat(r.statusCode()).isEqualTo(504);
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("upstream_timeout");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("did not answer within 1000 ms");
    }

    @Test
    void concurrentRequestsForAMissingPackageShareOneUpstreamFetch() throws Exception {
        fake.serveBody("/is-odd-concurrent", renamed("is-odd-concurrent"), "application/json");
        fake.delay(Duration.ofMillis(400));
        List<Future<HttpResponse<String>>> answers;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            answers = IntStream.range(0, 8).mapToObj(i -> pool.submit(() -> get("/api/npm/is-odd-concurrent"))).toList();
        }
        for (Future<HttpResponse<String>> a : answers) {
            assertThat(a.get().statusCode()).isEqualTo(200);
        }
        assertThat(fake.requests("/is-odd-concurrent")).hasSize(1);
    }

    @Test
    void sendsAUserAgentUpstream() {
        fake.serve("/api/v1/crates/parameters_lib", "cargo/parameters_lib.json", "application/json");
        get("/api/cargo/parameters_lib");
        assertThat(fake.requests("/api/v1/crates/parameters_lib").getFirst().userAgent()).startsWith("quintet-packages");
    }
}
