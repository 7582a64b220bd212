package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code GET /api/purl/{purl}}: encoded and as-written purls, versions, case-sensitive Go paths, bad purls. */
class PurlApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start()
                .serve("/is-odd", "npm/is-odd.json", "application/json")
                .serve("/is-number", "npm/is-number.json", "application/json")
                .serve("/@babel%2Fhelper-plugin-utils", "npm/babel-helper-plugin-utils.json", "application/json")
                .serve("/org/apache/commons/commons-text/maven-metadata.xml", "maven/commons-text-maven-metadata.xml", "text/xml")
                .serve("/org/apache/commons/commons-text/1.15.0/commons-text-1.15.0.pom", "maven/commons-text-1.15.0.pom", "text/xml")
                .serve("/org/apache/commons/commons-parent/93/commons-parent-93.pom", "maven/commons-parent-93.pom", "text/xml")
                .serve("/org/apache/apache/35/apache-35.pom", "maven/apache-35.pom", "text/xml")
                .serve("/pypi/flask/json", "pypi/flask_flask.json", "application/json")
                .serve("/example.com/!tools/@v/list", "go/list.txt", "text/plain")
                .serve("/example.com/!tools/@v/v1.10.0.mod", "go/v1.10.0.mod", "text/plain")
                .serve("/example.com/!tools/@v/v1.0.0.mod", "go/v1.0.0.mod", "text/plain");
        for (String v : List.of("v1.0.0", "v1.1.0", "v1.2.0", "v1.3.0-beta.1", "v1.10.0")) {
            fake.serve("/example.com/!tools/@v/" + v + ".info", "go/" + v + ".info", "application/json");
        }
        app = PackagesTestApp.start(clock, fake, List.of());
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    static HttpResponse<String> get(String path) {
        return Http.get(app.url(path), app.auth());
    }

    /** The purl percent-encoded as one path segment, as {@code encodeURIComponent} sends it. */
    static String encoded(String purl) {
        return "/api/purl/" + URLEncoder.encode(purl, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Test
    void answersTheProjectForAPurlWithoutVersion() {
        HttpResponse<String> r = get(encoded("pkg:npm/is-odd"));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.name")).isEqualTo("is-odd");
        assertThat((String) JsonPath.read(r.body(), "$.purl")).isEqualTo("pkg:npm/is-odd");
        assertThat((Integer) JsonPath.read(r.body(), "$.dependents_count")).isZero();
        assertThat(r.body()).contains("\"versions\"").doesNotContain("dependencies_for_version");
    }

    @Test
    void answersTheVersionsDependenciesForAPurlWithVersion() {
        HttpResponse<String> r = get("/api/purl/pkg:npm/is-odd@3.0.1");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.dependencies_for_version")).isEqualTo("3.0.1");
        assertThat((List<String>) JsonPath.read(r.body(), "$.dependencies[*].name")).contains("is-number");
        assertThat(r.body()).isEqualTo(get("/api/npm/is-odd/3.0.1/dependencies").body());
    }

    @Test
    void readsScopedNpmNamesEncodedOrAsWritten() {
        HttpResponse<String> encoded = get(encoded("pkg:npm/%40babel/helper-plugin-utils"));
        HttpResponse<String> written = get("/api/purl/pkg:npm/%40babel/helper-plugin-utils@8.0.1");
        HttpResponse<String> bareAt = get("/api/purl/pkg:npm/@babel/helper-plugin-utils");

        assertThat(encoded.statusCode()).as(encoded.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(encoded.body(), "$.name")).isEqualTo("@babel/helper-plugin-utils");
        assertThat((String) JsonPath.read(written.body(), "$.dependencies_for_version")).isEqualTo("8.0.1");
        assertThat((String) JsonPath.read(bareAt.body(), "$.purl")).isEqualTo("pkg:npm/%40babel/helper-plugin-utils");
    }

    @Test
    void mapsMavenPypiAndGoPurlsToTheirNameRules() {
        HttpResponse<String> maven = get("/api/purl/pkg:maven/org.apache.commons/commons-text@1.15.0");
        assertThat(maven.statusCode()).as(maven.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(maven.body(), "$.name")).isEqualTo("org.apache.commons:commons-text");
        assertThat((String) JsonPath.read(maven.body(), "$.dependencies_for_version")).isEqualTo("1.15.0");

        HttpResponse<String> pypi = get(encoded("pkg:pypi/Flask"));
        assertThat((String) JsonPath.read(pypi.body(), "$.name")).isEqualTo("Flask");

        HttpResponse<String> go = get(encoded("pkg:golang/example.com/Tools@v1.0.0"));
        assertThat(go.statusCode()).as(go.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(go.body(), "$.name")).as("module paths keep their case").isEqualTo("example.com/Tools");
        assertThat((String) JsonPath.read(go.body(), "$.purl")).isEqualTo("pkg:golang/example.com/Tools");
        assertThat((String) JsonPath.read(go.body(), "$.dependencies_for_version")).isEqualTo("v1.0.0");
    }

    @Test
    void readsQualifiersOfAPurlAsWrittenFromTheQuery() {
        HttpResponse<String> r = Http.get(app.url("/api/purl/pkg:maven/org.example/lib?repository_url=https://repo.example.org/maven&api_key=" + app.key));

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("unsupported_purl");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("repository_url https://repo.example.org/maven")
                .doesNotContain(app.key);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "/api/purl/npm%2Fis-odd|400|purl must be a Package URL",
            "/api/purl/pkg:npm|400|purl must be a Package URL",
            "/api/purl/|400|purl must be a Package URL",
            "/api/purl/pkg%3Anpm%2F%25zz|400|purl must be a Package URL",
            "/api/purl/pkg:maven/commons-text|400|purl must be a Package URL",
            "/api/purl/pkg:cargo/bad%20name|400|the purl names the Cargo package 'bad name', which cannot exist",
            "/api/purl/pkg:rpm/fedora/curl|404|purl type 'rpm' is not served; served types: brew, cargo, cocoapods",
            "/api/purl/pkg:npm/no-such-package-here|404|no NPM package named 'no-such-package-here'"})
    void answersBadAndUnservedPurlsWithProblems(String path, int status, String detail) {
        HttpResponse<String> r = get(path);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat((String) JsonPath.read(r.body(), "$.detail")).startsWith(detail);
        if (status == 400) {
            assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo("purl");
        }
    }

    @Test
    void winsOverOtherRoutesForPackagesNamedLikeTheirSegments() {
        HttpResponse<String> r = get("/api/purl/pkg:npm/versions");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(r.body(), "$.detail")).startsWith("no NPM package named 'versions'");
        assertThat((String) JsonPath.read(get("/api/purl/pkg:npm/dependents").body(), "$.detail"))
                .startsWith("no NPM package named 'dependents'");
        assertThat((String) JsonPath.read(get("/api/purl/pkg:github/acme/dependencies").body(), "$.detail"))
                .contains("acme/dependencies");
    }

    @Test
    void answersBrowserPreflights() {
        HttpResponse<String> preflight = Http.send("OPTIONS", app.url(encoded("pkg:npm/is-odd")), null,
                "Origin", "https://example.org", "Access-Control-Request-Method", "GET",
                "Access-Control-Request-Headers", "Authorization");

        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
    }
}
