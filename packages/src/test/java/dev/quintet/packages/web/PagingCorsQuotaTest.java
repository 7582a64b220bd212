package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The paginated versions route, its validation, and the platform's CORS and quota contract on it. */
class PagingCorsQuotaTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start().serve("/is-number", "npm/is-number.json", "application/json");
        app = PackagesTestApp.start(clock, fake, List.of("--quintet.quota.free.packages.per-minute=40"));
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    @Test
    void pagesVersionsNewestFirstWithLinkAndTotalHeaders() {
        HttpResponse<String> r = Http.get(app.url("/api/npm/is-number/versions?page=2&per_page=4&api_key=" + app.key));

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$[*].number")).containsExactly("3.0.0", "2.1.0", "2.0.2", "2.0.1");
        assertThat(r.headers().firstValue("Total")).hasValue("15");
        assertThat(r.headers().firstValue("Per-Page")).hasValue("4");
        String link = r.headers().firstValue("Link").orElseThrow();
        assertThat(link).contains("page=3&per_page=4>; rel=\"next\"").contains("page=4&per_page=4>; rel=\"last\"")
                .contains("page=1&per_page=4>; rel=\"first\"").contains("page=1&per_page=4>; rel=\"prev\"")
                .doesNotContain("api_key");
    }

    @Test
    void answersAnEmptyPageBeyondTheLast() {
        HttpResponse<String> r = Http.get(app.url("/api/npm/is-number/versions?page=9&per_page=100"), app.auth());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("[]");
        assertThat(r.headers().firstValue("Total")).hasValue("15");
    }

    @ParameterizedTest(name = "{0}={1} -> 400")
    @CsvSource({"per_page,101", "per_page,0", "page,0", "page,abc", "per_page,-5", "per_page,1e3"})
    void rejectsPagingOutsideTheRulesNamingTheParameter(String param, String value) {
        HttpResponse<String> r = Http.get(app.url("/api/npm/is-number/versions?" + param + "=" + value), app.auth());

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("invalid_parameter");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).startsWith(param + " must be");
    }

    @Test
    void allowsBrowserCallsFromAnyOrigin() {
        HttpResponse<String> preflight = Http.send("OPTIONS", app.url("/api/npm/is-number"), null,
                "Origin", "https://example.org", "Access-Control-Request-Method", "GET",
                "Access-Control-Request-Headers", "Authorization");
        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers")).hasValue("Authorization");

        HttpResponse<String> r = Http.get(app.url("/api/npm/is-number"), "Origin", "https://example.org",
                "Authorization", "Bearer " + app.key);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
    }

    @Test
    void countsRequestsAgainstTheKeysQuotaAndAnswers429WhenSpent() {
        String key = app.platform.newKey("packages").secret();
        HttpResponse<String> first = Http.get(app.url("/api/platforms"), "Authorization", "Bearer " + key);
        assertThat(first.headers().firstValue("RateLimit-Policy")).hasValueSatisfying(p -> assertThat(p).contains("q=40"));
        HttpResponse<String> last = first;
        for (int i = 0; i < 40 && last.statusCode() == 200; i++) {
            last = Http.get(app.url("/api/platforms"), "Authorization", "Bearer " + key);
        }
        assertThat(last.statusCode()).isEqualTo(429);
        assertThat(last.headers().firstValue("Retry-After")).isPresent();
    }
}
