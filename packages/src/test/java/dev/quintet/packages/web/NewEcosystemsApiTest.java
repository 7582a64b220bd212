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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Clojars, CocoaPods, Deno, Julia, Helm, Open VSX, Spack, CTAN and Terraform through the API, against hand-written answers. */
class NewEcosystemsApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start()
                .serve("/acme/flow/maven-metadata.xml", "clojars/maven-metadata.xml", "application/xml")
                .serve("/acme/flow/1.2.0/flow-1.2.0.pom", "clojars/flow-1.2.0.pom", "application/xml")
                .serve("/org/example/example-parent/3/example-parent-3.pom", "clojars/example-parent-3.pom", "application/xml")
                .serve("/api/artifacts/acme/flow", "clojars/artifact-flow.json", "application/json")
                .serve("/all_pods_versions_2_b_e.txt", "cocoapods/all_pods_versions_2_b_e.txt", "text/plain")
                .serve("/Specs/2/b/e/Sparkle2/1.10.0/Sparkle2.podspec.json", "cocoapods/Sparkle2-1.10.0.podspec.json", "application/json")
                .serve("/v2/modules/oakish", "deno/module-oakish.json", "application/json")
                .serve("/oakish/meta/versions.json", "deno/versions-oakish.json", "application/json")
                .serve("/oakish/versions/v2.1.0/meta/meta.json", "deno/meta-oakish-v2.1.0.json", "application/json")
                .serve("/oakish/versions/v2.1.0/meta/deps_v2.json", "deno/deps-oakish-v2.1.0.json", "application/json")
                .serve("/docs/General/Tally/versions.json", "julia/versions-Tally.json", "application/json")
                .serve("/docs/General/Tally/0.10.0/pkg.json", "julia/pkg-Tally-0.10.0.json", "application/json")
                .serve("/api/v1/packages/helm/example/webapp", "helm/example-webapp.json", "application/json")
                .serve("/api/example/linter", "openvsx/example-linter.json", "application/json")
                .serveBody("/api/example/broken", "{\"error\":\"internal\"}", "application/json")
                .serve("/data/packages/zstdlike.json", "spack/zstdlike.json", "application/json")
                .serve("/json/2.0/pkg/tikzlike", "ctan/tikzlike.json", "application/json")
                .serve("/v1/modules/example/network/aws", "terraform/module-network.json", "application/json")
                .serve("/v1/modules/example/network/aws/versions", "terraform/module-network-versions.json", "application/json")
                .serve("/v1/providers/hashicorp/aws", "terraform/provider-aws.json", "application/json")
                .serveBody("/api/v1/crates/serde", """
                        {"crate":{"name":"serde"},"versions":[{"num":"0.1.0","created_at":"2020-01-01T00:00:00Z"}]}""",
                        "application/json")
                .serveBody("/api/v1/crates/serde/0.1.0/dependencies", "", "application/json")
                .serveBody("/pypi/demo/json", """
                        {"info":{"name":"demo","version":"1.0"},"releases":{"1.0":[],"0.9":[]}}""", "application/json")
                .serveBody("/pypi/demo/0.9/json", "[]", "application/json");
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
    void servesClojarsArtifactsAsMavenPackagesOfItsRepository() {
        HttpResponse<String> r = get("/api/clojars/acme%2Fflow");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[*].number")).containsExactly("1.0.0", "1.1.0", "1.2.0");
        assertThat((List<String>) JsonPath.read(r.body(), "$.normalized_licenses")).containsExactly("EPL-2.0");
        assertThat((String) JsonPath.read(r.body(), "$.purl")).startsWith("pkg:maven/acme/flow?repository_url=");
        assertThat((String) JsonPath.read(r.body(), "$.package_manager_url")).isEqualTo("https://clojars.org/acme/flow");
        assertThat(get("/api/clojars/acme:flow").statusCode()).isEqualTo(200);
    }

    @Test
    void servesPodsAndDenoModulesInTheirOwnOrder() {
        String pod = get("/api/cocoapods/Sparkle2").body();
        assertThat((String) JsonPath.read(pod, "$.latest_stable_release_number")).isEqualTo("1.10.0");
        assertThat((String) JsonPath.read(pod, "$.latest_release_number")).isEqualTo("2.0.0-beta.1");
        assertThat((String) JsonPath.read(pod, "$.purl")).isEqualTo("pkg:cocoapods/Sparkle2");

        String deno = get("/api/deno/oakish").body();
        assertThat((List<String>) JsonPath.read(deno, "$.versions[*].number")).containsExactly("v1.9.0", "v1.10.0-rc.1", "v2.0.0", "v2.1.0");
        assertThat(JsonPath.<Map<String, Object>>read(deno, "$")).doesNotContainKey("purl");
        String deps = get("/api/deno/oakish/latest/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).containsExactly("std", "path_to_regexp", "colors");
    }

    @Test
    void servesJuliaWithoutAPurlSinceTheUuidIsNotKnown() {
        HttpResponse<String> r = get("/api/julia/Tally");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.latest_release_number")).isEqualTo("0.10.0");
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$")).doesNotContainKey("purl");
        String deps = get("/api/julia/Tally/0.10.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].requirements")).containsExactly("1.3.0-1", "0.33, 0.34");
    }

    @Test
    void judgesTerraformConstraintsAgainstTheProvidersLatestVersion() {
        String latest = get("/api/terraform/example%2Fnetwork%2Faws/2.1.0/dependencies").body();
        assertThat((List<Boolean>) JsonPath.read(latest, "$.dependencies[?(@.name=='hashicorp/aws')].outdated")).containsExactly(false);
        String older = get("/api/terraform/example%2Fnetwork%2Faws/1.0.0/dependencies").body();
        assertThat((List<Boolean>) JsonPath.read(older, "$.dependencies[?(@.name=='hashicorp/aws')].outdated")).containsExactly(true);
        assertThat((String) JsonPath.read(get("/api/terraform/hashicorp%2Faws").body(), "$.package_manager_url"))
                .isEqualTo("https://registry.terraform.io/providers/hashicorp/aws");
    }

    @Test
    void servesHelmOpenVsxSpackAndCtan() {
        String helm = get("/api/helm/example%2Fwebapp").body();
        assertThat((String) JsonPath.read(helm, "$.latest_stable_release_number")).isEqualTo("2.1.0");
        String vsx = get("/api/openvsx/Example.Linter").body();
        assertThat((String) JsonPath.read(vsx, "$.name")).isEqualTo("example.linter");
        assertThat((String) JsonPath.read(vsx, "$.latest_stable_release_number")).isEqualTo("1.4.0");
        String spack = get("/api/spack/zstdlike").body();
        assertThat((String) JsonPath.read(spack, "$.latest_release_number")).isEqualTo("develop");
        assertThat((String) JsonPath.read(spack, "$.latest_stable_release_number")).isEqualTo("1.5.10");
        String ctan = get("/api/ctan/tikzlike").body();
        assertThat((List<String>) JsonPath.read(ctan, "$.normalized_licenses")).containsExactly("LPPL-1.3c", "GPL-3.0-or-later");
        assertThat((List<String>) JsonPath.read(ctan, "$.versions[*].spdx_expression")).containsExactly("LPPL-1.3c AND GPL-3.0-or-later");
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource(delimiter = '|', textBlock = """
            clojars   | a%2Fb%2Fc        | Clojars names
            cocoapods | .hidden          | CocoaPods names
            deno      | Oak              | Deno module names
            julia     | Tally.jl         | Julia package names
            helm      | nginx            | repository/chart
            openvsx   | linter           | namespace.extension
            spack     | Py-Numpy         | Spack names
            ctan      | a%2Fb            | CTAN names
            terraform | a%2Fb%2Fc%2Fd    | namespace/name/provider
            """)
    void rejectsNamesTheEcosystemCannotHaveNamingTheParameter(String platform, String name, String rule) {
        HttpResponse<String> r = get("/api/" + platform + "/" + name);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo("name");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains(rule);
    }

    @ParameterizedTest
    @CsvSource({"clojars,acme%2Fnone", "cocoapods,Nothing", "deno,nothing", "julia,Nothing", "helm,example%2Fnone",
            "openvsx,example.none", "spack,none", "ctan,none", "terraform,example%2Fnone%2Faws"})
    void answers404ForPackagesTheRegistryDoesNotKnow(String platform, String name) {
        HttpResponse<String> r = get("/api/" + platform + "/" + name);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(404);
    }

    @Test
    void answers502NamingTheRegistryForMalformedAnswers() {
        HttpResponse<String> vsx = get("/api/openvsx/example.broken");
        assertThat(vsx.statusCode()).as(vsx.body()).isEqualTo(502);
        assertThat((String) JsonPath.read(vsx.body(), "$.code")).isEqualTo("upstream_error");

        assertThat(get("/api/cargo/serde").statusCode()).isEqualTo(200);
        HttpResponse<String> cargo = get("/api/cargo/serde/0.1.0/dependencies");
        assertThat(cargo.statusCode()).as(cargo.body()).isEqualTo(502);
        assertThat((String) JsonPath.read(cargo.body(), "$.detail")).contains("127.0.0.1", "not a dependency list");

        HttpResponse<String> pypi = get("/api/pypi/demo/0.9/dependencies");
        assertThat(pypi.statusCode()).as(pypi.body()).isEqualTo(502);
        assertThat((String) JsonPath.read(pypi.body(), "$.detail")).contains("not a PyPI release document");
    }

    @Test
    void listsTheNewPlatformsWithPurlTypesOnlyWhereTheSpecRegistersOne() {
        String body = get("/api/platforms").body();

        assertThat((List<String>) JsonPath.read(body, "$[*].key"))
                .contains("clojars", "cocoapods", "deno", "julia", "helm", "openvsx", "spack", "ctan", "terraform");
        assertThat((List<String>) JsonPath.read(body, "$[?(@.key=='cocoapods')].purl_type")).containsExactly("cocoapods");
        assertThat((List<Object>) JsonPath.read(body, "$[?(@.key=='deno')].purl_type")).isEmpty();
    }
}
