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

/** RubyGems, Go, NuGet, Packagist, Hex and Pub through the API, against hand-written upstream answers. */
class MoreEcosystemsApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start()
                .serve("/api/v1/versions/fastgem.json", "rubygems/versions-fastgem.json", "application/json")
                .serve("/api/v1/gems/fastgem.json", "rubygems/gem-fastgem.json", "application/json")
                .serve("/api/v2/rubygems/fastgem/versions/2.0.10.json", "rubygems/fastgem-2.0.10.json", "application/json")
                .serveBody("/api/v1/versions/racc.json", """
                        [{"number":"2.0.0","platform":"ruby","created_at":"2026-01-01T00:00:00Z","licenses":["Ruby"]},
                         {"number":"1.8.1","platform":"ruby","created_at":"2025-01-01T00:00:00Z","licenses":["Ruby"]}]""",
                        "application/json")
                .serveBody("/api/v1/gems/racc.json", """
                        {"name":"racc","version":"2.0.0","info":"LALR(1) parser generator","licenses":["Ruby"],
                         "dependencies":{"runtime":[],"development":[]}}""", "application/json")
                .serve("/example.com/!tools/@v/list", "go/list.txt", "text/plain")
                .serve("/example.com/!tools/@v/v1.10.0.mod", "go/v1.10.0.mod", "text/plain")
                .serve("/example.com/!tools/@v/v1.0.0.mod", "go/v1.0.0.mod", "text/plain")
                .serve("/p2/acme/mailer.json", "packagist/acme-mailer.json", "application/json")
                .serveBody("/p2/psr/log.json", """
                        {"minified":"composer/2.0","packages":{"psr/log":[
                          {"name":"psr/log","version":"3.0.2","license":["MIT"],"time":"2024-09-11T13:17:53+00:00"},
                          {"version":"2.0.0","time":"2021-07-14T16:41:46+00:00"}]}}""", "application/json")
                .serve("/api/packages/plug_tools", "hex/plug_tools.json", "application/json")
                .serve("/api/packages/plug_tools/releases/1.2.0", "hex/plug_tools-1.2.0.json", "application/json")
                .serve("/api/packages/dartlib", "pub/dartlib.json", "application/json");
        for (String v : List.of("v1.0.0", "v1.1.0", "v1.2.0", "v1.3.0-beta.1", "v1.10.0")) {
            fake.serve("/example.com/!tools/@v/" + v + ".info", "go/" + v + ".info", "application/json");
        }
        String registration = "/v3/registration5-gz-semver2/contoso.utils/";
        fake.serveGzipped(registration + "index.json",
                        FakeUpstream.resource("nuget/index-contoso.json").replace("{{base}}", fake.baseUrl()), "application/json")
                .serveGzipped(registration + "page/1.0.0/2.0.0.json",
                        FakeUpstream.resource("nuget/page-contoso.json").replace("{{base}}", fake.baseUrl()), "application/json");
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
    void servesGemsAndJudgesRequirementsByRubyGemsRules() {
        HttpResponse<String> r = get("/api/rubygems/fastgem");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[*].number"))
                .containsExactly("2.0.9", "2.0.10", "2.1.0.rc1", "2.1.0");
        assertThat((String) JsonPath.read(r.body(), "$.latest_stable_release_number")).isEqualTo("2.1.0");
        assertThat((List<String>) JsonPath.read(r.body(), "$.normalized_licenses")).containsExactly("MIT", "Ruby");
        assertThat((String) JsonPath.read(r.body(), "$.purl")).isEqualTo("pkg:gem/fastgem");

        String deps = get("/api/rubygems/fastgem/latest/dependencies").body();
        Map<String, Object> racc = JsonPath.<List<Map<String, Object>>>read(deps, "$.dependencies[?(@.name=='racc')]").getFirst();
        assertThat(racc).containsEntry("requirements", "~> 1.4").containsEntry("latest_stable", "2.0.0")
                .containsEntry("outdated", true).containsEntry("kind", "runtime");
        String older = get("/api/rubygems/fastgem/2.0.10/dependencies").body();
        assertThat((List<Boolean>) JsonPath.read(older, "$.dependencies[?(@.name=='racc')].outdated")).containsExactly(true);
    }

    @Test
    void servesGoModulesNamedByEncodedPaths() {
        HttpResponse<String> r = get("/api/go/example.com%2FTools");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.name")).isEqualTo("example.com/Tools");
        assertThat((String) JsonPath.read(r.body(), "$.latest_stable_release_number")).isEqualTo("v1.10.0");
        assertThat((String) JsonPath.read(r.body(), "$.status")).isEqualTo("deprecated");
        assertThat((String) JsonPath.read(r.body(), "$.purl")).isEqualTo("pkg:golang/example.com/Tools");
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[?(@.number=='v1.1.0')].status")).containsExactly("yanked");

        String deps = get("/api/go/example.com%2FTools/v1.0.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].requirements")).containsExactly("v0.5.4");
    }

    @Test
    void servesNuGetPackagesCaseInsensitively() {
        HttpResponse<String> r = get("/api/nuget/Contoso.Utils");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(r.body(), "$.latest_release_number")).isEqualTo("2.1.0");
        assertThat((List<String>) JsonPath.read(r.body(), "$.normalized_licenses")).containsExactly("MIT OR Apache-2.0");
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[?(@.number=='1.0.0')].spdx_expression"))
                .containsExactly("Apache-2.0");
        assertThat(get("/api/nuget/contoso.utils").statusCode()).isEqualTo(200);

        String deps = get("/api/NuGet/contoso.utils/2.1.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name"))
                .containsExactly("Newtonsoft.Json", "Contoso.Core", "System.Memory");
    }

    @Test
    void servesPackagistPackagesAndJudgesComposerConstraints() {
        HttpResponse<String> r = get("/api/packagist/acme%2Fmailer");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[*].number"))
                .containsExactly("v1.4.2", "v2.0.0", "v2.1.0-RC1", "v2.1.0");
        assertThat((String) JsonPath.read(r.body(), "$.purl")).isEqualTo("pkg:composer/acme/mailer");

        String latest = get("/api/packagist/acme%2Fmailer/latest/dependencies").body();
        assertThat((List<Boolean>) JsonPath.read(latest, "$.dependencies[?(@.name=='psr/log')].outdated")).containsExactly(false);
        String older = get("/api/packagist/acme%2Fmailer/v2.0.0/dependencies").body();
        assertThat((List<Boolean>) JsonPath.read(older, "$.dependencies[?(@.name=='psr/log')].outdated")).containsExactly(true);
    }

    @Test
    void servesHexAndPubPackages() {
        String hex = get("/api/hex/plug_tools").body();
        assertThat((String) JsonPath.read(hex, "$.latest_stable_release_number")).isEqualTo("1.2.0");
        assertThat((List<String>) JsonPath.read(hex, "$.versions[*].number")).containsExactly("1.0.0-rc.1", "1.0.0", "1.1.0", "1.2.0");
        String hexDeps = get("/api/hex/plug_tools/1.2.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(hexDeps, "$.dependencies[?(@.name=='jason')].kind")).containsExactly("optional");

        String pub = get("/api/pub/dartlib").body();
        assertThat((String) JsonPath.read(pub, "$.latest_stable_release_number")).isEqualTo("2.0.0");
        String pubDeps = get("/api/pub/dartlib/1.0.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(pubDeps, "$.dependencies[*].name")).containsExactly("meta", "collection", "path", "test");
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource(delimiter = '|', textBlock = """
            go        | not-a-module            | module paths
            go        | github.com%2F..%2Fx     | module paths
            packagist | log                     | vendor/package
            hex       | Phoenix                 | Hex names
            pub       | 9lives                  | Pub names
            nuget     | bad%2Fid                | NuGet ids
            rubygems  | ..                      | gem names
            """)
    void rejectsNamesTheEcosystemCannotHaveNamingTheParameter(String platform, String name, String rule) {
        HttpResponse<String> r = get("/api/" + platform + "/" + name);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo("name");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains(rule);
    }

    @Test
    void listsTheNewPlatforms() {
        String body = get("/api/platforms").body();

        assertThat((List<String>) JsonPath.read(body, "$[*].key"))
                .contains("rubygems", "go", "nuget", "packagist", "hex", "pub");
        assertThat((List<String>) JsonPath.read(body, "$[?(@.key=='packagist')].purl_type")).containsExactly("composer");
    }
}
