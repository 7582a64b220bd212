package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.packages.testing.Packument;
import dev.quintet.packages.testing.PypiDocument;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code GET /api/search} over a store filled through the fetch path: matching, filters, orders, paging, input rules. */
class SearchApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start()
                .serve("/is-odd", "npm/is-odd.json", "application/json")
                .serve("/is-number", "npm/is-number.json", "application/json")
                .serveBody("/pypi/numberly/json", PypiDocument.of("numberly", "1.2", "Number crunching for Python",
                        "BSD-3-Clause", "2024-06-01"), "application/json");
        Packument.named("number-tools").description("Tools for working with numbers").keywords("math", "Numeric")
                .license("MIT OR Apache-2.0")
                .version("2.0.0", "2021-01-01", "\"dependencies\": {\"is-number\": \"^7.0.0\", \"is-odd\": \"^3.0.0\"}")
                .servedBy(fake);
        Packument.named("string-kit").description("String helpers").keywords("string").license("Apache-2.0")
                .version("1.0.0", "2025-05-01", "").servedBy(fake);
        app = PackagesTestApp.start(clock, fake, List.of());
        for (String path : List.of("/api/npm/is-number", "/api/npm/is-odd", "/api/npm/number-tools",
                "/api/npm/string-kit", "/api/pypi/numberly")) {
            assertThat(get(path).statusCode()).as(path).isEqualTo(200);
        }
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    static HttpResponse<String> get(String path) {
        return Http.get(app.url(path), app.auth());
    }

    static List<String> names(String path) {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JsonPath.read(r.body(), "$[*].name");
    }

    @Test
    void putsAnExactNameFirstAndMatchesWordsOfNamesKeywordsAndDescriptions() {
        assertThat(names("/api/search?q=is-number").getFirst()).isEqualTo("is-number");
        assertThat(names("/api/search?q=number")).contains("is-number", "number-tools", "numberly")
                .doesNotContain("string-kit");
        assertThat(names("/api/search?q=crunching")).containsExactly("numberly");
        assertThat(names("/api/search?q=helpers")).containsExactly("string-kit");
    }

    @Test
    void matchesWordPrefixesAndMisspelledNames() {
        assertThat(names("/api/search?q=numb")).contains("is-number", "number-tools", "numberly");
        assertThat(names("/api/search?q=is-numbr")).contains("is-number");
        assertThat(names("/api/search?q=strng-kit")).contains("string-kit");
    }

    @Test
    void filtersByPlatformsLicencesAndKeywords() {
        assertThat(names("/api/search?q=number&platforms=pypi")).containsExactly("numberly");
        assertThat(names("/api/search?q=number&platforms=PYPI,npm")).contains("numberly", "is-number");
        assertThat(names("/api/search?licenses=apache-2.0&sort=name")).containsExactly("number-tools", "string-kit");
        assertThat(names("/api/search?licenses=BSD-3-Clause,Apache-2.0&sort=name"))
                .containsExactly("number-tools", "numberly", "string-kit");
        assertThat(names("/api/search?keywords=numeric&sort=name")).containsExactly("is-number", "is-odd", "number-tools");
        assertThat(names("/api/search?keywords=odd,STRING&sort=name")).containsExactly("is-odd", "string-kit");
        assertThat(names("/api/search?q=number&keywords=math&licenses=mit&platforms=npm&sort=name"))
                .containsExactly("is-number", "is-odd", "number-tools");
        assertThat(names("/api/search?q=number&licenses=mit&platforms=pypi")).isEmpty();
    }

    @Test
    void ordersByEachSort() {
        assertThat(names("/api/search?sort=name")).containsExactly("is-number", "is-odd", "number-tools", "numberly",
                "string-kit");
        assertThat(names("/api/search?sort=dependents_count").subList(0, 2)).containsExactly("is-number", "is-odd");
        assertThat(names("/api/search")).as("without q the default is dependents_count").startsWith("is-number", "is-odd");
        assertThat(names("/api/search?sort=latest_release_published_at")).containsExactly("string-kit", "is-odd",
                "numberly", "is-number", "number-tools");
    }

    @Test
    void reportsDependentsCountsAsTheProjectAnswerDoes() {
        String body = get("/api/search?q=is-number").body();
        Map<String, Object> first = JsonPath.read(body, "$[0]");

        assertThat(first).containsEntry("platform", "NPM").containsEntry("latest_release_number", "7.0.0")
                .containsEntry("purl", "pkg:npm/is-number").containsEntry("dependents_count", 2);
        assertThat((Integer) JsonPath.read(get("/api/npm/is-number").body(), "$.dependents_count")).isEqualTo(2);
        assertThat(body).doesNotContain("\"versions\"").doesNotContain("null");
    }

    @Test
    void pagesWithTotalAndLinkHeaders() {
        HttpResponse<String> r = get("/api/search?sort=name&per_page=2&page=2");

        assertThat((List<String>) JsonPath.read(r.body(), "$[*].name")).containsExactly("number-tools", "numberly");
        assertThat(r.headers().firstValue("Total")).hasValue("5");
        assertThat(r.headers().firstValue("Link").orElseThrow()).contains("sort=name&page=3&per_page=2>; rel=\"next\"")
                .contains("page=1&per_page=2>; rel=\"prev\"");
    }

    @ParameterizedTest(name = "{0}={1} -> 400")
    @CsvSource(delimiter = '|', value = {
            "sort|stars|sort must be one of relevance, name, dependents_count, latest_release_published_at; got 'stars'",
            "platforms|npm,cobol|platforms must be comma-separated platform keys, each one of npm",
            "q|!!!|q must contain a letter or digit, got '!!!'",
            "per_page|0|per_page must be an integer 1..100, got 0",
            "page|x|page must be an integer >= 1, got 'x'"})
    void rejectsBadParametersNamingThem(String param, String value, String detail) {
        HttpResponse<String> r = get("/api/search?" + param + "=" + value);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo(param);
        assertThat((String) JsonPath.read(r.body(), "$.detail")).startsWith(detail);
    }

    @Test
    void rejectsOverlongQueriesAndFilters() {
        HttpResponse<String> q = get("/api/search?q=" + "a".repeat(201));
        assertThat(q.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(q.body(), "$.detail")).isEqualTo("q must be at most 200 characters, got 201");
        HttpResponse<String> keywords = get("/api/search?keywords=" + "k,".repeat(21));
        assertThat(keywords.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(keywords.body(), "$.param")).isEqualTo("keywords");
    }

    @Test
    void answersBrowserPreflights() {
        HttpResponse<String> preflight = Http.send("OPTIONS", app.url("/api/search?q=x"), null,
                "Origin", "https://example.org", "Access-Control-Request-Method", "GET");

        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
    }
}
