package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Resolved dependency graphs end to end, over recorded (npm, Maven) and hand-written (PyPI, Cargo) upstream answers. */
class TreeApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        for (String name : List.of("has-values", "kind-of", "is-buffer")) {
            fake.serve("/" + name, "tree/npm/" + name + ".json", "application/json");
        }
        fake.serve("/is-number", "npm/is-number.json", "application/json")
                .serve("/org/apache/commons/commons-text/maven-metadata.xml", "maven/commons-text-maven-metadata.xml", "text/xml")
                .serve("/org/apache/commons/commons-text/1.15.0/commons-text-1.15.0.pom", "maven/commons-text-1.15.0.pom", "text/xml")
                .serve("/org/apache/commons/commons-parent/93/commons-parent-93.pom", "maven/commons-parent-93.pom", "text/xml")
                .serve("/org/apache/apache/35/apache-35.pom", "maven/apache-35.pom", "text/xml")
                .serve("/org/junit/junit-bom/5.14.1/junit-bom-5.14.1.pom", "tree/maven/junit-bom-5.14.1.pom", "text/xml")
                .serve("/org/apache/commons/commons-lang3/maven-metadata.xml", "tree/maven/commons-lang3-maven-metadata.xml", "text/xml")
                .serve("/org/apache/commons/commons-lang3/3.20.0/commons-lang3-3.20.0.pom", "tree/maven/commons-lang3-3.20.0.pom", "text/xml")
                .serve("/org/apache/commons/commons-parent/92/commons-parent-92.pom", "tree/maven/commons-parent-92.pom", "text/xml");
        for (String name : List.of("webkit-demo", "httpclient", "toolbelt", "urllib-lite", "charset-normalizer", "idna",
                "PySocks", "typing-extensions", "broken-demo")) {
            fake.serve("/pypi/" + name + "/json", "tree/pypi/" + name + ".json", "application/json");
        }
        fake.serve("/pypi/urllib-lite/1.26.20/json", "tree/pypi/urllib-lite-1.26.20.json", "application/json")
                .serve("/pypi/typing_extensions/4.12.2/json", "tree/pypi/typing-extensions-4.12.2.json", "application/json");
        for (String release : List.of("webapp-rs@0.3.0", "serde@1.0.190", "serde_derive@1.0.190", "rand@0.7.3",
                "rand@0.8.5", "rand_core@0.5.1", "rand_core@0.6.4", "helper@1.2.0", "cc@1.0.83", "broken-rs@0.1.0")) {
            String name = release.substring(0, release.indexOf('@'));
            String version = release.substring(release.indexOf('@') + 1);
            fake.serve("/api/v1/crates/" + name, "tree/cargo/" + name + ".json", "application/json")
                    .serve("/api/v1/crates/" + name + "/" + version + "/dependencies",
                            "tree/cargo/" + name + "-" + version + "-dependencies.json", "application/json");
        }
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

    /** The nodes as {@code name@version RELATION}. */
    private static List<String> nodes(String body) {
        List<Map<String, Object>> nodes = JsonPath.read(body, "$.nodes");
        return nodes.stream().map(n -> n.get("name") + "@" + n.get("version") + " " + n.get("relation")).toList();
    }

    /** The edges as {@code from@v -> to@v requirement [KIND]}. */
    private static List<String> edges(String body) {
        List<Map<String, Object>> nodes = JsonPath.read(body, "$.nodes");
        List<Map<String, Object>> edges = JsonPath.read(body, "$.edges");
        List<String> out = new ArrayList<>();
        for (Map<String, Object> e : edges) {
            Map<String, Object> from = nodes.get((Integer) e.get("from_node"));
            Map<String, Object> to = nodes.get((Integer) e.get("to_node"));
            out.add(from.get("name") + "@" + from.get("version") + " -> " + to.get("name") + "@" + to.get("version")
                    + " " + e.get("requirement") + (e.containsKey("kind") ? " [" + e.get("kind") + "]" : ""));
        }
        return out;
    }

    @Test
    void resolvesAnNpmTreeWithTwoVersionsOfOnePackageAndADedupedOne() {
        HttpResponse<String> r = get("/api/npm/has-values/1.0.0/tree");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.platform")).isEqualTo("NPM");
        assertThat((String) JsonPath.read(r.body(), "$.version")).isEqualTo("1.0.0");
        assertThat((Boolean) JsonPath.read(r.body(), "$.complete")).isTrue();
        assertThat(nodes(r.body())).containsExactly("has-values@1.0.0 SELF", "is-number@3.0.0 DIRECT",
                "kind-of@4.0.0 DIRECT", "kind-of@3.2.2 INDIRECT", "is-buffer@1.1.6 INDIRECT");
        assertThat(edges(r.body())).containsExactly("has-values@1.0.0 -> is-number@3.0.0 ^3.0.0",
                "has-values@1.0.0 -> kind-of@4.0.0 ^4.0.0", "is-number@3.0.0 -> kind-of@3.2.2 ^3.0.2",
                "kind-of@4.0.0 -> is-buffer@1.1.6 ^1.1.5", "kind-of@3.2.2 -> is-buffer@1.1.6 ^1.1.5");
        assertThat(r.body()).doesNotContain("null").doesNotContain("\"errors\"");
    }

    @Test
    void theTreeWithoutAVersionIsTheLatestStableOnesAndRepeatsComeFromTheStore() {
        HttpResponse<String> r = get("/api/npm/has-values/tree");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(nodes(r.body())).containsExactly("has-values@2.0.1 SELF", "kind-of@6.0.3 DIRECT");
        int upstreamCalls = fake.requests("/has-values").size() + fake.requests("/kind-of").size();

        assertThat(get("/api/npm/has-values/latest/tree/").body()).isEqualTo(r.body());
        assertThat(fake.requests("/has-values").size() + fake.requests("/kind-of").size()).isEqualTo(upstreamCalls);
    }

    @Test
    void resolvesAMavenTreeWithoutTheRootsTestDependenciesUnlessAskedFor() {
        HttpResponse<String> r = get("/api/maven/org.apache.commons:commons-text/1.15.0/tree");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(nodes(r.body())).containsExactly("org.apache.commons:commons-text@1.15.0 SELF",
                "org.apache.commons:commons-lang3@3.20.0 DIRECT");
        assertThat((Boolean) JsonPath.read(r.body(), "$.complete")).isTrue();

        String withTests = get("/api/maven/org.apache.commons:commons-text/1.15.0/tree?scopes=compile,runtime,test").body();
        assertThat(nodes(withTests)).contains("org.apache.commons:commons-lang3@3.20.0 DIRECT");
        assertThat((List<String>) JsonPath.read(withTests, "$.nodes[0].errors[?(@.name=='org.junit.jupiter:junit-jupiter')].requirement"))
                .as("the version comes from the junit-bom that commons-parent imports").containsExactly("5.14.1");
        assertThat((List<String>) JsonPath.read(withTests, "$.nodes[0].errors[?(@.name=='org.junit.jupiter:junit-jupiter')].message"))
                .singleElement().asString().contains("no Maven package named 'org.junit.jupiter:junit-jupiter'");
    }

    @Test
    void resolvesAPypiTreeWithMarkersExtrasAndARepickAfterAConflict() {
        HttpResponse<String> r = get("/api/pypi/webkit-demo/tree");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(nodes(r.body())).containsExactly("webkit-demo@2.0.0 SELF", "httpclient@2.32.3 DIRECT",
                "toolbelt@1.0.0 DIRECT", "typing_extensions@4.12.2 DIRECT", "charset-normalizer@3.4.0 INDIRECT",
                "idna@3.10 INDIRECT", "urllib-lite@1.26.20 INDIRECT", "PySocks@1.7.1 INDIRECT");
        assertThat(edges(r.body())).contains("httpclient@2.32.3 -> urllib-lite@1.26.20 <3,>=1.21.1",
                "toolbelt@1.0.0 -> urllib-lite@1.26.20 <2", "toolbelt@1.0.0 -> httpclient@2.32.3 <3.0.0,>=2.0.1",
                "httpclient@2.32.3 -> PySocks@1.7.1 !=1.5.7,>=1.5.6");
        assertThat(r.body()).doesNotContain("\"errors\"").doesNotContain("colorama").doesNotContain("tomli")
                .doesNotContain("chardet");
        assertThat((Boolean) JsonPath.read(r.body(), "$.complete")).isTrue();
    }

    @Test
    void resolvesACargoTreeWithCoexistingVersionsFeaturesAndBuildDependencies() {
        HttpResponse<String> r = get("/api/cargo/webapp-rs/0.3.0/tree");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(nodes(r.body())).containsExactly("webapp-rs@0.3.0 SELF", "serde@1.0.190 DIRECT",
                "rand@0.7.3 DIRECT", "helper@1.2.0 DIRECT", "cc@1.0.83 DIRECT", "serde_derive@1.0.190 INDIRECT",
                "rand_core@0.5.1 INDIRECT", "rand@0.8.5 INDIRECT", "rand_core@0.6.4 INDIRECT");
        assertThat(edges(r.body())).contains("webapp-rs@0.3.0 -> cc@1.0.83 1.0 [BUILD]",
                "helper@1.2.0 -> serde@1.0.190 1.0.100", "serde@1.0.190 -> serde_derive@1.0.190 =1.0.190");
        assertThat(r.body()).doesNotContain("tokio").doesNotContain("criterion").doesNotContain("1.0.210");
    }

    @Test
    void unresolvableRequirementsAreErrorsInTheGraphNotFailures() {
        HttpResponse<String> cargo = get("/api/cargo/broken-rs/tree");
        assertThat(cargo.statusCode()).as(cargo.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(cargo.body(), "$.nodes[0].errors[*].name"))
                .containsExactlyInAnyOrder("ghost-crate", "rand");
        assertThat((List<String>) JsonPath.read(cargo.body(), "$.nodes[0].errors[?(@.name=='rand')].message"))
                .containsExactly("no version of rand that is not yanked satisfies '^9'");
        assertThat((Boolean) JsonPath.read(cargo.body(), "$.complete")).isTrue();

        HttpResponse<String> pypi = get("/api/pypi/broken-demo/0.1.0/tree");
        assertThat(pypi.statusCode()).as(pypi.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(pypi.body(), "$.nodes[0].errors[*].message")).hasSize(3)
                .anySatisfy(m -> assertThat(m).contains("ghost-package"))
                .anySatisfy(m -> assertThat(m).isEqualTo("no release of idna satisfies '>=99' and runs on Python 3.12.8"))
                .anySatisfy(m -> assertThat(m).contains("direct reference"));
    }

    @Test
    void aGraphCutByTheNodeLimitSaysSoAndIsIncomplete() {
        HttpResponse<String> r = get("/api/npm/has-values/1.0.0/tree?max_nodes=3");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((Boolean) JsonPath.read(r.body(), "$.complete")).isFalse();
        assertThat((List<Object>) JsonPath.read(r.body(), "$.nodes")).hasSize(3);
        assertThat((String) JsonPath.read(r.body(), "$.errors[0].message")).contains("limit of 3 nodes");
    }

    @Test
    void answers404ForUnknownPackagesAndVersions() {
        HttpResponse<String> r = get("/api/npm/no-such-package-here/tree");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("no-such-package-here");

        assertThat(get("/api/npm/has-values/9.9.9/tree").statusCode()).isEqualTo(404);
    }

    @Test
    void namesThePlatformAndTheSupportedOnesWhenThereIsNoResolver() {
        HttpResponse<String> unsupported = get("/api/rubygems/rails/tree");
        assertThat(unsupported.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(unsupported.body(), "$.detail")).contains("'rubygems'")
                .contains("npm, maven, pypi, cargo");
        assertThat((String) JsonPath.read(unsupported.body(), "$.param")).isEqualTo("platform");

        HttpResponse<String> unknown = get("/api/cobol/thing/tree");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(unknown.body(), "$.detail")).contains("'cobol'").contains("npm, maven, pypi, cargo");
    }

    @Test
    void rejectsBadParametersNamingTheRule() {
        HttpResponse<String> nodes = get("/api/npm/has-values/tree?max_nodes=0");
        assertThat(nodes.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(nodes.body(), "$.detail")).isEqualTo("max_nodes must be 1..1000, got '0'");

        HttpResponse<String> scopes = get("/api/npm/has-values/tree?scopes=test");
        assertThat(scopes.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(scopes.body(), "$.param")).isEqualTo("scopes");
        assertThat(get("/api/maven/org.apache.commons:commons-text/tree?scopes=compile,bogus").statusCode()).isEqualTo(400);
    }
}
