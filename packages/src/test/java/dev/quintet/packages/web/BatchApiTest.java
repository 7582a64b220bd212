package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.packages.testing.Packument;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code POST /api/batch}: answers in request order, per-item errors, the item limit, bounded fetching, quota. */
class BatchApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start()
                .serve("/is-odd", "npm/is-odd.json", "application/json")
                .serve("/is-number", "npm/is-number.json", "application/json");
        Packument.named("popular").version("1.0.0", "2024-01-01", "").servedBy(fake);
        app = PackagesTestApp.start(clock, fake, List.of(), "--quintet.packages.request-timeout=2s");
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    static HttpResponse<String> post(String body) {
        return Http.send("POST", app.url("/api/batch"), body, "Content-Type", "application/json",
                "Authorization", "Bearer " + app.key);
    }

    static String batchOf(List<String> items) {
        return "{\"packages\": [" + String.join(", ", items) + "]}";
    }

    @Test
    void answersEachItemInRequestOrderWithTheProjectOrItsError() {
        assertThat(Http.get(app.url("/api/npm/is-odd"), "Authorization", "Bearer " + app.key).statusCode())
                .as("is-odd stored first: the batch answers its items in parallel, and is-number's dependents_count"
                        + " counts is-odd only once it is stored").isEqualTo(200);
        HttpResponse<String> r = post(batchOf(List.of(
                "{\"platform\": \"npm\", \"name\": \"is-odd\"}",
                "{\"purl\": \"pkg:npm/is-number@7.0.0\"}",
                "{\"platform\": \"npm\", \"name\": \"no-such-package-here\"}",
                "{\"platform\": \"cobol\", \"name\": \"x\"}",
                "{\"platform\": \"maven\", \"name\": \"commons-text\"}",
                "{\"purl\": \"pkg:npm\"}",
                "{\"purl\": \"pkg:rpm/fedora/curl\"}",
                "\"npm/is-odd\"",
                "{\"platform\": \"npm\"}",
                "{\"purl\": \"pkg:npm/is-odd\", \"platform\": \"npm\", \"name\": \"is-odd\"}")));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String body = r.body();
        assertThat((List<Object>) JsonPath.read(body, "$")).hasSize(10);
        assertThat((String) JsonPath.read(body, "$[0].name")).isEqualTo("is-odd");
        assertThat((String) JsonPath.read(body, "$[1].name")).isEqualTo("is-number");
        assertThat((Integer) JsonPath.read(body, "$[1].dependents_count")).isEqualTo(1);
        assertError(body, 2, 404, "not_found", "packages[2]");
        assertError(body, 3, 404, "not_found", "packages[3]");
        assertError(body, 4, 400, "invalid_parameter", "packages[4].name");
        assertError(body, 5, 400, "invalid_parameter", "packages[5].purl");
        assertError(body, 6, 404, "unsupported_purl", "packages[6]");
        assertError(body, 7, 400, "invalid_parameter", "packages[7]");
        assertError(body, 8, 400, "invalid_parameter", "packages[8].name");
        assertError(body, 9, 400, "invalid_parameter", "packages[9].purl");
        assertThat((String) JsonPath.read(body, "$[4].error.detail")).contains("groupId:artifactId");
    }

    static void assertError(String body, int index, int status, String code, String param) {
        Map<String, Object> error = JsonPath.read(body, "$[" + index + "].error");
        assertThat(error).as("item %d", index).containsEntry("status", status).containsEntry("code", code)
                .containsEntry("param", param).containsKey("detail");
    }

    @Test
    void takesAtMostOneHundredItems() {
        String item = "{\"platform\": \"npm\", \"name\": \"popular\"}";
        HttpResponse<String> tooMany = post(batchOf(IntStream.range(0, 101).mapToObj(i -> item).toList()));
        assertThat(tooMany.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(tooMany.body(), "$.param")).isEqualTo("packages");
        assertThat((String) JsonPath.read(tooMany.body(), "$.detail")).contains("1..100").endsWith("got 101 items");

        HttpResponse<String> full = post(batchOf(IntStream.range(0, 100).mapToObj(i -> item).toList()));
        assertThat(full.statusCode()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(full.body(), "$[*].name")).hasSize(100).containsOnly("popular");
        assertThat(fake.requests("/popular")).as("one fetch shared by every item").hasSize(1);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{\"packages\": []}|400|packages",
            "{\"projects\": []}|400|packages",
            "{\"packages\": {\"platform\": \"npm\"}}|400|packages",
            "[1, 2]|400|packages",
            "not json|400|"})
    void rejectsBodiesWithoutAPackagesArray(String body, int status, String param) {
        HttpResponse<String> r = post(body);

        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        if (param != null) {
            assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo(param);
        }
    }

    @Test
    void looksItemsUpAtMostEightAtATime() {
        List<String> names = IntStream.range(0, 24).mapToObj(i -> "bounded-" + i).toList();
        fake.delay(Duration.ofMillis(150));
        try {
            HttpResponse<String> r = post(batchOf(names.stream()
                    .map(n -> "{\"platform\": \"npm\", \"name\": \"" + n + "\"}").toList()));

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat((List<Integer>) JsonPath.read(r.body(), "$[*].error.status")).hasSize(24).containsOnly(404);
            assertThat(fake.mostConcurrentRequests()).isBetween(2, BatchController.CONCURRENCY);
        } finally {
            fake.delay(Duration.ZERO);
        }
    }

    @Test
    void answers504ForItemsNotAnsweredInTimeAndStartsNoMore() throws InterruptedException {
        List<String> names = IntStream.range(0, 20).mapToObj(i -> "slow-" + i).toList();
        fake.delay(Duration.ofMillis(1500));
        try {
            HttpResponse<String> r = post(batchOf(names.stream()
                    .map(n -> "{\"platform\": \"npm\", \"name\": \"" + n + "\"}").toList()));

            List<Integer> statuses = JsonPath.read(r.body(), "$[*].error.status");
            assertThat(statuses).hasSize(20).containsOnly(404, 504).contains(504);
            assertThat((String) JsonPath.read(r.body(), "$[19].error.detail")).contains("time limit");
            Thread.sleep(2500);
            long asked = names.stream().mapToLong(n -> fake.requests("/" + n).size()).sum();
            assertThat(asked).as("items still waiting at the deadline are not fetched").isLessThan(20);
        } finally {
            fake.delay(Duration.ZERO);
        }
    }

    @Test
    void countsOneBatchAsOneRequestAgainstTheQuota() {
        String item = "{\"platform\": \"npm\", \"name\": \"is-odd\"}";
        int before = remaining(post(batchOf(List.of(item))));
        int after = remaining(post(batchOf(List.of(item, item, item, item, item))));

        assertThat(after).isEqualTo(before - 1);
    }

    static int remaining(HttpResponse<String> r) {
        Matcher m = Pattern.compile("\"minute\";r=(\\d+)").matcher(r.headers().firstValue("RateLimit").orElseThrow());
        assertThat(m.find()).isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void answersBrowserPreflights() {
        HttpResponse<String> preflight = Http.send("OPTIONS", app.url("/api/batch"), null,
                "Origin", "https://example.org", "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "Authorization, Content-Type");

        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods").orElseThrow()).contains("POST");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers")).hasValue("Authorization, Content-Type");
    }

    @Test
    void refusesOtherContentTypes() {
        HttpResponse<String> r = Http.send("POST", app.url("/api/batch"), "packages=npm", "Content-Type",
                "application/x-www-form-urlencoded", "Authorization", "Bearer " + app.key);

        assertThat(r.statusCode()).isEqualTo(415);
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("application/json");
    }
}
