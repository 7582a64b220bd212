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
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The project and dependencies routes end to end, against recorded upstream answers. */
class ProjectApiTest {

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
                .serve("/pypi/Flask/json", "pypi/flask_flask.json", "application/json")
                .serve("/pypi/flask/json", "pypi/flask_flask.json", "application/json")
                .serve("/api/v1/crates/parameters_lib", "cargo/parameters_lib.json", "application/json")
                .serve("/api/v1/crates/parameters_lib/0.1.0/dependencies", "cargo/dependencies.json", "application/json");
        app = PackagesTestApp.start(clock, fake, List.of());
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    private HttpResponse<String> get(String path) {
        return Http.get(app.url(path), app.auth());
    }

    @Test
    void servesNpmProjectWithVersionsInSemverOrder() {
        HttpResponse<String> r = get("/api/npm/is-odd");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        String body = r.body();
        assertThat((String) JsonPath.read(body, "$.name")).isEqualTo("is-odd");
        assertThat((String) JsonPath.read(body, "$.platform")).isEqualTo("NPM");
        assertThat((List<String>) JsonPath.read(body, "$.versions[*].number"))
                .containsExactly("0.1.0", "0.1.1", "0.1.2", "1.0.0", "2.0.0", "3.0.0", "3.0.1");
        assertThat((String) JsonPath.read(body, "$.latest_release_number")).isEqualTo("3.0.1");
        assertThat((String) JsonPath.read(body, "$.latest_stable_release_number")).isEqualTo("3.0.1");
        assertThat((List<String>) JsonPath.read(body, "$.normalized_licenses")).containsExactly("MIT");
        assertThat((String) JsonPath.read(body, "$.purl")).isEqualTo("pkg:npm/is-odd");
        assertThat((String) JsonPath.read(body, "$.fetched_at")).isEqualTo("2026-11-22T10:00:00Z");
        assertThat((String) JsonPath.read(body, "$.versions[6].spdx_expression")).isEqualTo("MIT");
        assertThat(body).doesNotContain("null").doesNotContain("\"stale\"");
    }

    @Test
    void latestIsNeverChosenByTextOrder() {
        String body = get("/api/npm/is-number").body();

        assertThat((String) JsonPath.read(body, "$.latest_release_number")).isEqualTo("7.0.0");
        List<String> numbers = JsonPath.read(body, "$.versions[*].number");
        assertThat(numbers.indexOf("2.1.0")).isLessThan(numbers.indexOf("3.0.0"));
        assertThat(numbers.getLast()).isEqualTo("7.0.0");
    }

    @Test
    void decodesScopedNamesAndReportsEveryDependencyKind() {
        HttpResponse<String> r = get("/api/npm/%40babel%2Fhelper-plugin-utils/latest/dependencies");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String body = r.body();
        assertThat((String) JsonPath.read(body, "$.name")).isEqualTo("@babel/helper-plugin-utils");
        assertThat((String) JsonPath.read(body, "$.dependencies_for_version")).isEqualTo("8.0.1");
        assertThat((String) JsonPath.read(body, "$.purl")).isEqualTo("pkg:npm/%40babel/helper-plugin-utils");
        assertThat((List<String>) JsonPath.read(body, "$.dependencies[*].kind")).containsExactly("peer", "development");
        assertThat((List<String>) JsonPath.read(body, "$.dependencies[*].name")).containsOnly("@babel/core");
        assertThat(fake.requests("/@babel%2Fhelper-plugin-utils")).isNotEmpty();
    }

    @Test
    void computesOutdatedWithTheEcosystemsRangeRules() {
        String body = get("/api/npm/is-odd/3.0.1/dependencies").body();

        Map<String, Object> dep = JsonPath.read(body, "$.dependencies[0]");
        assertThat(dep).containsEntry("name", "is-number").containsEntry("requirements", "^6.0.0")
                .containsEntry("kind", "runtime").containsEntry("latest", "7.0.0")
                .containsEntry("latest_stable", "7.0.0").containsEntry("outdated", true)
                .containsEntry("project_name", "is-odd").containsEntry("platform", "NPM");
        String older = get("/api/npm/is-odd/0.1.2/dependencies").body();
        assertThat((String) JsonPath.read(older, "$.dependencies_for_version")).isEqualTo("0.1.2");
    }

    @Test
    void readsMavenMetadataAndTheEffectivePom() {
        HttpResponse<String> r = get("/api/maven/org.apache.commons:commons-text");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String body = r.body();
        List<String> numbers = JsonPath.read(body, "$.versions[*].number");
        assertThat(numbers.getFirst()).isEqualTo("1.0-beta-1");
        assertThat(numbers.subList(numbers.size() - 3, numbers.size())).containsExactly("1.13.1", "1.14.0", "1.15.0");
        assertThat((String) JsonPath.read(body, "$.latest_stable_release_number")).isEqualTo("1.15.0");
        assertThat((List<String>) JsonPath.read(body, "$.normalized_licenses")).containsExactly("Apache-2.0");
        assertThat((String) JsonPath.read(body, "$.repository_url")).contains("commons-text");
        assertThat((String) JsonPath.read(body, "$.purl")).isEqualTo("pkg:maven/org.apache.commons/commons-text");

        String deps = get("/api/maven/org.apache.commons:commons-text/1.15.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[?(@.name=='org.apache.commons:commons-lang3')].requirements"))
                .containsExactly("3.20.0");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[?(@.name=='org.junit.jupiter:junit-jupiter')].kind"))
                .containsExactly("test");
    }

    @Test
    void readsPypiProjectsUnderTheirNormalisedName() {
        HttpResponse<String> r = get("/api/PYPI/Flask");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.name")).isEqualTo("Flask");
        assertThat((String) JsonPath.read(r.body(), "$.latest_stable_release_number")).isEqualTo("3.1.2");
        assertThat((List<String>) JsonPath.read(r.body(), "$.normalized_licenses")).containsExactly("BSD-3-Clause");
        assertThat((String) JsonPath.read(r.body(), "$.repository_url")).isEqualTo("https://github.com/pallets/flask");
        int upstreamCalls = fake.requests("/pypi/Flask/json").size() + fake.requests("/pypi/flask/json").size();

        assertThat(get("/api/pypi/flask").statusCode()).isEqualTo(200);
        assertThat(fake.requests("/pypi/Flask/json").size() + fake.requests("/pypi/flask/json").size())
                .as("a fresh stored copy answers without an upstream call").isEqualTo(upstreamCalls);

        String deps = get("/api/pypi/flask/latest/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[?(@.name=='werkzeug')].requirements"))
                .containsExactly(">=3.1.0");
        assertThat((List<Boolean>) JsonPath.read(deps, "$.dependencies[?(@.name=='asgiref')].optional"))
                .containsExactly(true);
    }

    @Test
    void readsCratesAndFetchesVersionDependenciesOnDemand() {
        String body = get("/api/cargo/parameters_lib").body();

        assertThat((List<String>) JsonPath.read(body, "$.versions[*].number"))
                .containsExactly("0.1.0-dev.1", "0.1.0-dev.2", "0.1.0", "0.2.2");
        assertThat((String) JsonPath.read(body, "$.latest_stable_release_number")).isEqualTo("0.2.2");

        String deps = get("/api/cargo/parameters_lib/0.1.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).contains("regex");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[?(@.name=='regex')].requirements"))
                .containsExactly("^1.5.0");
        get("/api/cargo/parameters_lib/0.1.0/dependencies");
        assertThat(fake.requests("/api/v1/crates/parameters_lib/0.1.0/dependencies")).hasSize(1);
    }

    @Test
    void toleratesTrailingSlashesAndAnyPlatformCase() {
        assertThat(get("/api/NPM/is-odd/").statusCode()).isEqualTo(200);
        assertThat(get("/api/Npm/is-odd/3.0.1/dependencies/").statusCode()).isEqualTo(200);
        assertThat(get("/api/platforms/").statusCode()).isEqualTo(200);
    }

    @Test
    void answers404ForAPackageTheUpstreamDoesNotKnow() {
        HttpResponse<String> r = get("/api/npm/no-such-package-here");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("no-such-package-here");
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("not_found");
    }

    @Test
    void answers404ForAnUnknownVersionAndPlatform() {
        assertThat(get("/api/npm/is-odd/9.9.9/dependencies").statusCode()).isEqualTo(404);
        HttpResponse<String> r = get("/api/cobol/thing");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("cobol").contains("npm");
    }

    @Test
    void rejectsMalformedMavenNamesNamingTheParameter() {
        HttpResponse<String> r = get("/api/maven/commons-text");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("groupId:artifactId");
    }

    @Test
    void listsPlatformsWithStoredProjectCounts() {
        get("/api/npm/is-odd");
        String body = get("/api/platforms").body();

        assertThat((List<String>) JsonPath.read(body, "$[*].name")).contains("NPM", "Maven", "Pypi", "Cargo");
        assertThat((List<Integer>) JsonPath.read(body, "$[?(@.key=='npm')].project_count")).allSatisfy(n -> assertThat(n).isPositive());
        assertThat((List<String>) JsonPath.read(body, "$[?(@.key=='cargo')].purl_type")).containsExactly("cargo");
        assertThat((List<String>) JsonPath.read(body, "$[?(@.key=='npm')].default_language")).containsExactly("JavaScript");
    }

    @Test
    void requiresAKey() {
        assertThat(Http.get(app.url("/api/npm/is-odd")).statusCode()).isEqualTo(401);
    }
}
