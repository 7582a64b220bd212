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

/** CPAN, Conda, CRAN, Hackage, Conan, SwiftPM, GitHub Actions and Bower through the API, against hand-written answers. */
class ThirtyEcosystemsApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;

    private static final String LOOKUP = "/api/v1/repositories/lookup?url=https://github.com/";

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start()
                .serveBody("/v1/release/_search?q=distribution:Acme-Widget&fields=version,date,status,maturity,author,name&size=5000", """
                        {"hits":{"hits":[
                          {"fields":{"version":"1.09","date":"2020-01-02T03:04:05","status":"backpan","maturity":"released","author":"ALICE","name":"Acme-Widget-1.09"}},
                          {"fields":{"version":"1.10","date":"2021-01-02T03:04:05","status":"latest","maturity":"released","author":"ALICE","name":"Acme-Widget-1.10"}},
                          {"fields":{"version":["1.11_01"],"date":["2021-06-01T00:00:00"],"status":["cpan"],"maturity":["developer"],"author":["ALICE"],"name":["Acme-Widget-1.11_01"]}}]}}""", "application/json")
                .serveBody("/v1/release/Acme-Widget", """
                        {"name":"Acme-Widget-1.10","abstract":"Widgets for Perl","license":["perl_5"],
                         "resources":{"repository":{"web":"https://github.com/alice/acme-widget"}}}""", "application/json")
                .serveBody("/v1/release/ALICE/Acme-Widget-1.10", """
                        {"dependency":[
                          {"module":"Moo::Role","phase":"runtime","relationship":"requires","version":"2.0"},
                          {"module":"strict","phase":"runtime","relationship":"requires","version":"0"},
                          {"module":"perl","phase":"runtime","relationship":"requires","version":"5.010"},
                          {"module":"Test::More","phase":"test","relationship":"requires","version":"0.88"},
                          {"module":"JSON::XS","phase":"runtime","relationship":"recommends","version":"0"}]}""", "application/json")
                .serveBody("/v1/module/Moo::Role", "{\"distribution\":\"Moo\"}", "application/json")
                .serveBody("/v1/module/strict", "{\"distribution\":\"perl\"}", "application/json")
                .serveBody("/v1/module/Test::More", "{\"distribution\":\"Test-Simple\"}", "application/json")
                .serveBody("/package/conda-forge/tinyjson", """
                        {"name":"tinyjson","summary":"Tiny JSON","home":"https://tinyjson.example","dev_url":"https://github.com/acme/tinyjson",
                         "license":"MIT","versions":["1.9","1.10","2.0rc1"],
                         "files":[{"version":"1.10","upload_time":"2023-06-28 14:39:58.622000+00:00","labels":["main"],
                                   "attrs":{"depends":["python >=3.8","libzlib >=1.2.13,<2.0a0","__glibc >=2.17"]}},
                                  {"version":"1.9","upload_time":"2022-01-01 00:00:00.000000+00:00","labels":["broken"],"attrs":{"depends":[]}}]}""",
                        "application/json")
                .serveBody("/package/conda-forge/libzlib", """
                        {"name":"libzlib","license":"Zlib","versions":["1.2.13","1.3.1"],"files":[]}""", "application/json")
                .serveBody("/package/conda-forge/brokenjson", "{\"ndownloads\": 42567}", "application/json")
                .serveBody("/web/packages/tinyr/index.html", """
                        <html><body><h2>tinyr: Tiny Things for R</h2><table>
                        <tr><td>Version:</td><td>1.0-2</td></tr>
                        <tr><td>Depends:</td><td>R (&ge; 3.5.0), methods</td></tr>
                        <tr><td>Imports:</td><td>Rcpp (&ge; 1.0.0)</td></tr>
                        <tr><td>LinkingTo:</td><td>Rcpp</td></tr>
                        <tr><td>Suggests:</td><td>testthat (&ge; 3.0.0)</td></tr>
                        <tr><td>Published:</td><td>2024-02-03</td></tr>
                        <tr><td>License:</td><td><a href="x">MIT</a> + file <a href="y">LICENSE</a></td></tr>
                        <tr><td>URL:</td><td><a href="https://github.com/acme/tinyr">https://github.com/acme/tinyr</a></td></tr>
                        </table></body></html>""", "text/html")
                .serveBody("/src/contrib/Archive/tinyr/", """
                        <html><body><table>
                        <tr><td><a href="/src/contrib/Archive/">Parent Directory</a></td><td>&nbsp;</td></tr>
                        <tr><td><a href="tinyr_0.9.tar.gz">tinyr_0.9.tar.gz</a></td><td align="right">2019-08-17 10:31  </td></tr>
                        <tr><td><a href="tinyr_1.0-1.tar.gz">tinyr_1.0-1.tar.gz</a></td><td align="right">2020-08-17 10:31  </td></tr>
                        </table></body></html>""", "text/html")
                .serveBody("/web/packages/brokenr/index.html", "<html><body><p>maintenance</p></body></html>", "text/html")
                .serveBody("/package/tinyhs", """
                        <html><body><h1><a href="/package/tinyhs">tinyhs</a>: <small>Tiny Haskell things</small></h1>
                        <table class="properties"><tbody>
                        <tr><th>Versions</th><td><a href="/package/tinyhs-0.1.0.0">0.1.0.0</a>, <strong>0.2.0.0</strong></td></tr>
                        <tr><th>License</th><td><a href="x">BSD-3-Clause</a></td></tr>
                        <tr><th>Home page</th><td><a href="https://tinyhs.example">https://tinyhs.example</a></td></tr>
                        <tr><th>Source&nbsp;repo</th><td>head: git clone <a href="https://github.com/acme/tinyhs">https://github.com/acme/tinyhs</a></td></tr>
                        </tbody></table></body></html>""", "text/html")
                .serveBody("/package/tinyhs.rss", """
                        <rss><channel><item><title>tinyhs-0.2.0.0 (Tiny Haskell things)</title><pubDate>Tue, 05 Apr 2022 13:37:46 UTC</pubDate></item></channel></rss>""",
                        "application/rss+xml")
                .serveBody("/package/tinyhs-0.2.0.0/tinyhs.cabal", """
                        cabal-version: 2.4
                        name:          tinyhs
                        version:       0.2.0.0

                        library
                          exposed-modules: Tiny
                          build-depends:   base >=4.7 && <5,
                                           text ^>=2.0
                          if flag(fast)
                            build-depends: vector

                        test-suite spec
                          type: exitcode-stdio-1.0
                          build-depends:
                              base
                            , tinyhs
                            , hspec >=2.7
                        """, "text/plain")
                .serveBody("/recipes/tinyz/config.yml", "versions:\n  \"1.3.1\":\n    folder: all\n  \"1.2.13\":\n    folder: all\n",
                        "text/plain")
                .serveBody("/recipes/tinyz/all/conanfile.py", """
                        class TinyzConan(ConanFile):
                            name = "tinyz"
                            license = "Zlib"
                            description = "A tiny compression library"
                            homepage = "https://tinyz.example"
                            topics = ("zlib", "compression")

                            def requirements(self):
                                self.requires("openssl/[>=1.1 <4]")

                            def build_requirements(self):
                                self.tool_requires("cmake/3.27.0")
                        """, "text/plain")
                .serveBody("/recipes/tinyz/all/conandata.yml",
                        "sources:\n  \"1.3.1\":\n    url: \"https://github.com/acme/tinyz/releases/download/v1.3.1/tinyz.tar.gz\"\n", "text/plain")
                .serveBody("/recipes/brokenz/config.yml", "versions: [unclosed", "text/plain")
                .serveBody(LOOKUP + "acme/Kit", """
                        {"full_name":"acme/Kit","description":"A Swift kit","license":"mit","topics":["swift"],
                         "tags_url":"http://repos.ecosyste.ms/api/v1/hosts/GitHub/repositories/acme%2FKit/tags"}""", "application/json")
                .serveBody("/api/v1/hosts/GitHub/repositories/acme%2FKit/tags?per_page=1000", """
                        [{"name":"1.1.0","published_at":"2023-01-01T00:00:00Z"},{"name":"1.0.0","published_at":"2022-01-01T00:00:00Z"},
                         {"name":"nightly"},{"name":"2.0.0-beta.1"}]""", "application/json")
                .serveBody("/acme/Kit/1.1.0/Package.swift", """
                        let package = Package(name: "Kit", dependencies: [
                            .package(url: "https://github.com/apple/swift-nio.git", from: "2.40.0"),
                            .package(url: "https://github.com/apple/swift-log", .upToNextMinor(from: "1.4.0")),
                            .package(url: "https://github.com/acme/Pinned.git", exact: "0.3.1"),
                            .package(path: "../Local"),
                        ])""", "text/plain")
                .serveBody(LOOKUP + "acme/setup-thing", """
                        {"full_name":"acme/setup-thing","description":"Sets the thing up","license":"apache-2.0",
                         "tags_url":"http://repos.ecosyste.ms/api/v1/hosts/GitHub/repositories/acme%2Fsetup-thing/tags"}""", "application/json")
                .serveBody("/api/v1/hosts/GitHub/repositories/acme%2Fsetup-thing/tags?per_page=1000",
                        "[{\"name\":\"v2\"},{\"name\":\"v1.0.0\"}]", "application/json")
                .serveBody("/acme/setup-thing/v2/action.yml", """
                        name: setup-thing
                        runs:
                          using: composite
                          steps:
                            - uses: actions/checkout@v4
                            - uses: ./local-step
                            - uses: actions/cache/restore@v3
                            - run: echo hi
                        """, "text/plain")
                .serveBody("/packages/tinyjs", "{\"name\":\"tinyjs\",\"url\":\"https://github.com/acme/tinyjs.git\"}", "application/json")
                .serveBody(LOOKUP + "acme/tinyjs", """
                        {"full_name":"acme/tinyjs","description":"Tiny JS","license":"mit","host":{"name":"GitHub"}}""", "application/json")
                .serveBody("/api/v1/hosts/GitHub/repositories/acme/tinyjs/tags?per_page=1000",
                        "[{\"name\":\"v1.2.0\"},{\"name\":\"v1.10.0-rc.1\"},{\"name\":\"1.1.0\"}]", "application/json")
                .serveBody("/acme/tinyjs/v1.2.0/bower.json",
                        "{\"name\":\"tinyjs\",\"dependencies\":{\"jquery\":\"~3.6.0\"},\"devDependencies\":{\"qunit\":\"*\"}}", "application/json");
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
    void servesCpanDistributionsWithTrialReleasesAndDistributionNamedDependencies() {
        HttpResponse<String> r = get("/api/cpan/Acme-Widget");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[*].number")).containsExactly("1.09", "1.10", "1.11_01");
        assertThat((String) JsonPath.read(r.body(), "$.latest_stable_release_number")).isEqualTo("1.10");
        assertThat((List<String>) JsonPath.read(r.body(), "$.versions[?(@.number=='1.09')].status")).containsExactly("yanked");
        assertThat((String) JsonPath.read(r.body(), "$.repository_url")).isEqualTo("https://github.com/alice/acme-widget");
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$")).doesNotContainKey("purl");
        String deps = get("/api/cpan/Acme-Widget/1.10/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).containsExactly("Moo", "perl", "Test-Simple", "JSON::XS");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].kind")).containsExactly("runtime", "runtime", "test", "optional");
    }

    @Test
    void servesCondaPackagesWithMatchSpecRequirements() {
        String body = get("/api/conda/conda-forge%2Ftinyjson").body();
        assertThat((String) JsonPath.read(body, "$.name")).isEqualTo("tinyjson");
        assertThat((String) JsonPath.read(body, "$.latest_release_number")).isEqualTo("2.0rc1");
        assertThat((String) JsonPath.read(body, "$.latest_stable_release_number")).isEqualTo("1.10");
        assertThat((String) JsonPath.read(body, "$.purl")).isEqualTo("pkg:conda/tinyjson?channel=conda-forge");
        String deps = get("/api/conda/tinyjson/1.10/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).containsExactly("python", "libzlib");
        assertThat((List<Boolean>) JsonPath.read(deps, "$.dependencies[?(@.name=='libzlib')].outdated")).containsExactly(false);
    }

    @Test
    void servesCranPackagesFromThePageAndTheArchive() {
        String body = get("/api/cran/tinyr").body();
        assertThat((List<String>) JsonPath.read(body, "$.versions[*].number")).containsExactly("0.9", "1.0-1", "1.0-2");
        assertThat((List<String>) JsonPath.read(body, "$.normalized_licenses")).containsExactly("MIT");
        assertThat((String) JsonPath.read(body, "$.purl")).isEqualTo("pkg:cran/tinyr");
        String deps = get("/api/cran/tinyr/1.0-2/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).containsExactly("methods", "Rcpp", "Rcpp", "testthat");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].kind")).containsExactly("runtime", "runtime", "build", "optional");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[?(@.name=='testthat')].requirements")).containsExactly(">= 3.0.0");
    }

    @Test
    void servesHackagePackagesWithCabalDependencies() {
        String body = get("/api/hackage/tinyhs").body();
        assertThat((String) JsonPath.read(body, "$.latest_release_number")).isEqualTo("0.2.0.0");
        assertThat((String) JsonPath.read(body, "$.repository_url")).isEqualTo("https://github.com/acme/tinyhs");
        assertThat((String) JsonPath.read(body, "$.latest_release_published_at")).isEqualTo("2022-04-05T13:37:46Z");
        String deps = get("/api/hackage/tinyhs/0.2.0.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).containsExactly("base", "text", "vector", "base", "hspec");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].requirements"))
                .containsExactly(">=4.7 && <5", "^>=2.0", "-any", "-any", ">=2.7");
    }

    @Test
    void servesConanRecipesFromTheIndex() {
        String body = get("/api/conan/tinyz").body();
        assertThat((String) JsonPath.read(body, "$.latest_release_number")).isEqualTo("1.3.1");
        assertThat((List<String>) JsonPath.read(body, "$.normalized_licenses")).containsExactly("Zlib");
        assertThat((String) JsonPath.read(body, "$.repository_url")).isEqualTo("https://github.com/acme/tinyz");
        String deps = get("/api/conan/tinyz/1.3.1/dependencies").body();
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].name")).containsExactly("openssl", "cmake");
        assertThat((List<String>) JsonPath.read(deps, "$.dependencies[*].kind")).containsExactly("runtime", "build");
    }

    @Test
    void servesSwiftPackagesActionsAndBowerPackagesFromTheirRepositories() {
        String swift = get("/api/swiftpm/github.com%2Facme%2FKit").body();
        assertThat((List<String>) JsonPath.read(swift, "$.versions[*].number")).containsExactly("1.0.0", "1.1.0", "2.0.0-beta.1");
        assertThat((String) JsonPath.read(swift, "$.purl")).isEqualTo("pkg:swift/github.com/acme/Kit");
        String swiftDeps = get("/api/swiftpm/github.com%2Facme%2FKit/1.1.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(swiftDeps, "$.dependencies[*].requirements"))
                .containsExactly(">= 2.40.0, < 3.0.0", ">= 1.4.0, < 1.5.0", "= 0.3.1");

        String action = get("/api/actions/acme%2Fsetup-thing").body();
        assertThat((String) JsonPath.read(action, "$.latest_stable_release_number")).isEqualTo("v2");
        assertThat((String) JsonPath.read(action, "$.purl")).isEqualTo("pkg:github/acme/setup-thing");
        String actionDeps = get("/api/actions/acme%2Fsetup-thing/v2/dependencies").body();
        assertThat((List<String>) JsonPath.read(actionDeps, "$.dependencies[*].name")).containsExactly("actions/checkout", "actions/cache");

        String bower = get("/api/bower/tinyjs").body();
        assertThat((List<String>) JsonPath.read(bower, "$.versions[*].number")).containsExactly("1.1.0", "1.2.0", "1.10.0-rc.1");
        assertThat(JsonPath.<Map<String, Object>>read(bower, "$")).doesNotContainKey("purl");
        String bowerDeps = get("/api/bower/tinyjs/1.2.0/dependencies").body();
        assertThat((List<String>) JsonPath.read(bowerDeps, "$.dependencies[*].kind")).containsExactly("runtime", "development");
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource(delimiter = '|', textBlock = """
            cpan    | LWP::UserAgent     | CPAN names
            conda   | a%2Fb%2Fc          | Conda names
            cran    | 2pac               | CRAN names
            hackage | tiny_hs            | Hackage names
            conan   | Zlib               | Conan names
            swiftpm | acme%2FKit         | github.com/owner/repository
            actions | checkout           | owner/repository
            bower   | Tiny.JS            | Bower names
            """)
    void rejectsNamesTheEcosystemCannotHaveNamingTheParameter(String platform, String name, String rule) {
        HttpResponse<String> r = get("/api/" + platform + "/" + name);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo("name");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains(rule);
    }

    @ParameterizedTest
    @CsvSource({"cpan,Acme-None", "conda,nothing", "cran,nothing", "hackage,nothing", "conan,nothing",
            "swiftpm,github.com%2Facme%2Fnone", "actions,acme%2Fnone", "bower,nothing"})
    void answers404ForPackagesTheRegistryDoesNotKnow(String platform, String name) {
        fake.serveBody("/v1/release/_search?q=distribution:Acme-None&fields=version,date,status,maturity,author,name&size=5000",
                "{\"hits\":{\"hits\":[]}}", "application/json");

        HttpResponse<String> r = get("/api/" + platform + "/" + name);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(404);
    }

    @ParameterizedTest
    @CsvSource({"conda,brokenjson", "cran,brokenr", "conan,brokenz"})
    void answers502NamingTheRegistryForMalformedAnswers(String platform, String name) {
        HttpResponse<String> r = get("/api/" + platform + "/" + name);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(502);
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("upstream_error");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("127.0.0.1");
    }

    @Test
    void listsThirtyPlatformsWithPurlTypesOnlyWhereTheSpecRegistersOne() {
        String body = get("/api/platforms").body();

        assertThat((List<String>) JsonPath.read(body, "$[*].key")).hasSizeGreaterThanOrEqualTo(30)
                .contains("cpan", "conda", "cran", "hackage", "conan", "swiftpm", "actions", "bower");
        assertThat((List<String>) JsonPath.read(body, "$[?(@.key=='swiftpm')].purl_type")).containsExactly("swift");
        assertThat((List<Object>) JsonPath.read(body, "$[?(@.key=='bower')].purl_type")).isEmpty();
    }
}
