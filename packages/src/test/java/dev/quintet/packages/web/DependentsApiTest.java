package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.store.Dependencies;
import dev.quintet.packages.store.DependentCounts;
import dev.quintet.packages.store.Projects;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.packages.testing.Packument;
import dev.quintet.packages.testing.PypiDocument;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code /dependents} and {@code dependents_count}: the same projects counted and listed, each once, by its current
 * version, with names matched by each ecosystem's rules. The store is filled through the app's own fetch path.
 */
class DependentsApiTest {

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
                .serveBody("/org/apache/commons/commons-lang3/maven-metadata.xml", """
                        <metadata><groupId>org.apache.commons</groupId><artifactId>commons-lang3</artifactId>
                        <versioning><versions><version>3.19.0</version><version>3.20.0</version></versions></versioning>
                        </metadata>""", "text/xml")
                .serve("/pypi/flask/json", "pypi/flask_flask.json", "application/json")
                .serveBody("/pypi/MarkupSafe/json", PypiDocument.of("MarkupSafe", "3.0.2", "Safe strings", "BSD-3-Clause",
                        "2024-10-18"), "application/json")
                .serveBody("/pypi/acme_app/json", PypiDocument.of("acme_app", "1.0", "An app", "MIT", "2024-01-01",
                        "Zope.Interface>=5"), "application/json")
                .serveBody("/pypi/zope_interface/json", PypiDocument.of("zope.interface", "7.2", "Interfaces", "ZPL-2.1",
                        "2024-11-28"), "application/json");
        Packument.named("number-tools")
                .version("1.0.0", "2020-01-01", "\"dependencies\": {\"is-number\": \"^6.0.0\"}")
                .version("2.0.0", "2021-01-01", "\"dependencies\": {\"is-number\": \"^7.0.0\", \"is-odd\": \"^3.0.0\"}")
                .servedBy(fake);
        Packument.named("pre-user")
                .version("1.0.0", "2020-01-01", "\"dependencies\": {\"is-number\": \"^7.0.0\"}")
                .version("2.0.0-beta.1", "2022-01-01", "")
                .servedBy(fake);
        Packument.named("dropped-it")
                .version("1.0.0", "2020-01-01", "\"dependencies\": {\"is-number\": \"^6.0.0\"}")
                .version("2.0.0", "2021-01-01", "")
                .servedBy(fake);
        Packument.named("peer-and-dev")
                .version("1.0.0", "2020-01-01", "\"peerDependencies\": {\"is-number\": \">=7\"}, "
                        + "\"devDependencies\": {\"is-number\": \"^7.0.0\"}")
                .servedBy(fake);
        Packument.named("@babel/core").version("7.24.0", "2024-02-28", "").servedBy(fake);
        app = PackagesTestApp.start(clock, fake, List.of());
        for (String path : List.of("/api/npm/is-odd", "/api/npm/number-tools", "/api/npm/pre-user", "/api/npm/dropped-it",
                "/api/npm/peer-and-dev", "/api/npm/%40babel%2Fhelper-plugin-utils", "/api/pypi/flask",
                "/api/pypi/acme_app", "/api/maven/org.apache.commons:commons-text")) {
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

    @Test
    void listsEachDependentOnceByTheVersionLatestResolvesTo() {
        HttpResponse<String> r = get("/api/npm/is-number/dependents");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$[*].name"))
                .containsExactly("is-odd", "number-tools", "peer-and-dev", "pre-user");
        assertThat((Map<String, Object>) JsonPath.read(r.body(), "$[1]")).containsEntry("platform", "NPM")
                .containsEntry("version", "2.0.0").containsEntry("requirements", "^7.0.0")
                .containsEntry("kind", "runtime").containsEntry("optional", false);
        assertThat((Map<String, Object>) JsonPath.read(r.body(), "$[0]")).containsEntry("version", "3.0.1")
                .containsEntry("requirements", "^6.0.0");
        assertThat((Map<String, Object>) JsonPath.read(r.body(), "$[2]")).containsEntry("kind", "peer")
                .containsEntry("requirements", ">=7");
        assertThat((String) JsonPath.read(r.body(), "$[3].version")).isEqualTo("1.0.0");
        String preUser = get("/api/npm/pre-user/latest/dependencies").body();
        assertThat((String) JsonPath.read(preUser, "$.dependencies_for_version")).isEqualTo("1.0.0");
    }

    @Test
    void countAndPagesAgree() {
        HttpResponse<String> project = get("/api/npm/is-number");
        assertThat((Integer) JsonPath.read(project.body(), "$.dependents_count")).isEqualTo(4);

        HttpResponse<String> first = get("/api/npm/is-number/dependents?per_page=3");
        HttpResponse<String> second = get("/api/npm/is-number/dependents?per_page=3&page=2");
        HttpResponse<String> beyond = get("/api/npm/is-number/dependents?per_page=3&page=3");

        List<String> names = new ArrayList<>(JsonPath.read(first.body(), "$[*].name"));
        names.addAll(JsonPath.read(second.body(), "$[*].name"));
        assertThat(names).containsExactly("is-odd", "number-tools", "peer-and-dev", "pre-user");
        assertThat(beyond.body()).isEqualTo("[]");
        for (HttpResponse<String> page : List.of(first, second, beyond)) {
            assertThat(page.headers().firstValue("Total")).hasValue("4");
        }
        assertThat(first.headers().firstValue("Link").orElseThrow())
                .contains("/api/npm/is-number/dependents?page=2&per_page=3>; rel=\"next\"")
                .contains("page=2&per_page=3>; rel=\"last\"");
        assertThat(second.headers().firstValue("Link").orElseThrow()).contains("rel=\"prev\"").doesNotContain("next");
        assertThat((Integer) JsonPath.read(get("/api/npm/is-odd").body(), "$.dependents_count")).isEqualTo(1);
        assertThat((Integer) JsonPath.read(get("/api/npm/dropped-it").body(), "$.dependents_count")).isZero();
    }

    @Test
    void aNewReleaseWithoutTheDependencyEndsIt() {
        Packument.named("tiny-target").version("1.0.0", "2020-01-01", "").servedBy(fake);
        Packument.named("switcher")
                .version("1.0.0", "2020-01-01", "\"dependencies\": {\"tiny-target\": \"^1.0.0\"}").servedBy(fake);
        get("/api/npm/switcher");
        assertThat(get("/api/npm/tiny-target/dependents").headers().firstValue("Total")).hasValue("1");

        Packument.named("switcher")
                .version("1.0.0", "2020-01-01", "\"dependencies\": {\"tiny-target\": \"^1.0.0\"}")
                .version("1.1.0", "2020-06-01", "").servedBy(fake);
        clock.advance(Duration.ofHours(1));
        get("/api/npm/switcher");

        HttpResponse<String> r = get("/api/npm/tiny-target/dependents");
        assertThat(r.body()).isEqualTo("[]");
        assertThat(r.headers().firstValue("Total")).hasValue("0");
        assertThat((Integer) JsonPath.read(get("/api/npm/tiny-target").body(), "$.dependents_count")).isZero();
    }

    @Test
    void matchesScopedNpmNames() {
        HttpResponse<String> r = get("/api/npm/%40babel%2Fcore/dependents");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$[*].name")).containsExactly("@babel/helper-plugin-utils");
        assertThat((String) JsonPath.read(r.body(), "$[0].kind")).isEqualTo("peer");
        assertThat((Integer) JsonPath.read(get("/api/npm/%40babel%2Fcore").body(), "$.dependents_count")).isEqualTo(1);
    }

    @Test
    void matchesPypiNamesWhateverTheirCaseAndSeparators() {
        HttpResponse<String> zope = get("/api/pypi/zope_interface/dependents");
        assertThat(zope.statusCode()).as(zope.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(zope.body(), "$[*].name")).containsExactly("acme_app");
        assertThat((String) JsonPath.read(zope.body(), "$[0].requirements")).isEqualTo(">=5");
        assertThat((String) JsonPath.read(zope.body(), "$[0].platform")).isEqualTo("Pypi");

        HttpResponse<String> markupsafe = get("/api/pypi/MarkupSafe/dependents");
        assertThat((List<String>) JsonPath.read(markupsafe.body(), "$[*].name")).containsExactly("Flask");
        assertThat((String) JsonPath.read(markupsafe.body(), "$[0].version")).isEqualTo("3.1.2");
    }

    @Test
    void matchesMavenGroupAndArtifact() {
        HttpResponse<String> r = get("/api/maven/org.apache.commons:commons-lang3/dependents");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$[*].name")).containsExactly("org.apache.commons:commons-text");
        assertThat((Map<String, Object>) JsonPath.read(r.body(), "$[0]")).containsEntry("version", "1.15.0")
                .containsEntry("requirements", "3.20.0").containsEntry("platform", "Maven");
    }

    @Test
    void answers404ForAnUnknownPackageAnd400ForBadPaging() {
        assertThat(get("/api/npm/no-such-package-here/dependents").statusCode()).isEqualTo(404);
        HttpResponse<String> r = get("/api/npm/is-number/dependents?per_page=101");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo("per_page");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).isEqualTo("per_page must be an integer 1..100, got 101");
        assertThat(get("/api/maven/commons-lang3/dependents").statusCode()).isEqualTo(400);
    }

    @Test
    void answersBrowserPreflights() {
        HttpResponse<String> preflight = Http.send("OPTIONS", app.url("/api/npm/is-number/dependents"), null,
                "Origin", "https://example.org", "Access-Control-Request-Method", "GET",
                "Access-Control-Request-Headers", "Authorization");

        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        HttpResponse<String> r = Http.get(app.url("/api/npm/is-number/dependents"), "Origin", "https://example.org",
                "Authorization", "Bearer " + app.key);
        assertThat(r.headers().firstValue("Access-Control-Expose-Headers").orElseThrow()).contains("Total").contains("Link");
    }

    @Test
    void fillsInRowsStoredBeforeSchemaV2() {
        JdbcClient jdbc = app.platform.bean(JdbcClient.class);
        jdbc.sql("update packages.dependencies set normalized_name = null").update();
        jdbc.sql("update packages.projects set latest_release_number = null, latest_stable_release_number = null").update();
        app.bean(DependentCounts.class).forget(); // written past the service, as an earlier version left the rows
        assertThat(get("/api/npm/is-number/dependents").headers().firstValue("Total")).hasValue("0");

        assertThat(app.bean(Dependencies.class).normalizeStoredNames()).isPositive();
        assertThat(app.bean(Projects.class).recordMissingLatestReleases()).isPositive();

        assertThat(get("/api/npm/is-number/dependents").headers().firstValue("Total")).hasValue("4");
        assertThat(get("/api/pypi/zope_interface/dependents").headers().firstValue("Total")).hasValue("1");
        assertThat(jdbc.sql("select count(*) from packages.dependencies where normalized_name is null").query(Long.class)
                .single()).isZero();
    }
}
