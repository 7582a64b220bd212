package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.fetch.BackgroundRefresh;
import dev.quintet.packages.fetch.ProjectCatalog;
import dev.quintet.packages.ingest.DebianIngestion;
import dev.quintet.packages.ingest.IngestionOutcome;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.testing.DebianMirror;
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
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Debian over real HTTP: answered from the ingested excerpt of stable's index with the hand-written paragraphs about
 * virtual packages (a look-up never reaches the upstream), 503 with {@code Retry-After} until the first ingestion has
 * finished, 404 for unknown names after it, and a 404 naming the providers for a virtual package.
 */
class DebianApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;
    static HttpResponse<String> beforeIngestion;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        DebianMirror.serve(fake, "stable", DebianMirror.withProvides(), "Sat, 12 Sep 2026 07:55:41 UTC", true);
        app = PackagesTestApp.start(clock, fake, List.of(), "--quintet.packages.debian.ingest-on-schedule=false");
        app.bean(JdbcClient.class).sql("truncate packages.projects, packages.debian_indexes cascade").update();
        beforeIngestion = get("/api/debian/curl");
        IngestionOutcome outcome = app.bean(DebianIngestion.class).ingestAll().getFirst();
        assertThat(outcome.result()).as(outcome.detail()).isEqualTo(IngestionOutcome.Result.INGESTED);
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    static HttpResponse<String> get(String path) {
        return Http.get(app.url(path), app.auth());
    }

    static HttpResponse<String> ok(String path) {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return r;
    }

    @Test
    void answers503NamingTheIngestionUntilTheFirstHasFinished() {
        assertThat(beforeIngestion.statusCode()).isEqualTo(503);
        assertThat(beforeIngestion.headers().firstValue("Content-Type")).hasValueSatisfying(t ->
                assertThat(t).startsWith("application/problem+json"));
        assertThat(beforeIngestion.headers().firstValue("Retry-After")).hasValueSatisfying(s ->
                assertThat(Long.parseLong(s)).isPositive());
        assertThat((String) JsonPath.read(beforeIngestion.body(), "$.code")).isEqualTo("ingestion_pending");
        assertThat((String) JsonPath.read(beforeIngestion.body(), "$.detail"))
                .contains("stable/main/amd64", "first ingestion has not finished", "ingest-on-schedule");
    }

    @Test
    void answersAPackageFromTheIngestedIndex() {
        String body = ok("/api/debian/curl").body();

        assertThat((Map<String, Object>) JsonPath.read(body, "$")).containsEntry("name", "curl")
                .containsEntry("platform", "Debian").containsEntry("status", "active")
                .containsEntry("description", "command line tool for transferring data with URL syntax")
                .containsEntry("homepage", "https://curl.se/").containsEntry("purl", "pkg:deb/debian/curl")
                .containsEntry("package_manager_url", "https://tracker.debian.org/pkg/curl")
                .containsEntry("latest_release_number", "8.14.1-2+deb13u5")
                .containsEntry("latest_release_published_at", "2026-09-12T07:55:41Z")
                .doesNotContainKeys("licenses", "language");
        assertThat((List<String>) JsonPath.read(body, "$.keywords")).containsExactly("web");
        assertThat((List<String>) JsonPath.read(body, "$.normalized_licenses")).isEmpty();
        assertThat((List<String>) JsonPath.read(body, "$.versions[*].number")).containsExactly("8.14.1-2+deb13u5");
        assertThat((String) JsonPath.read(ok("/api/debian/CURL/").body(), "$.name")).isEqualTo("curl");
        assertThat(fake.requests("/curl")).isEmpty();
    }

    @Test
    void neverFetchesOrRefreshesADebianPackageFromTheUpstream() {
        BackgroundRefresh refresh = app.bean(BackgroundRefresh.class);
        refresh.queueDemand();
        for (int i = 0; i < 5; i++) {
            ok("/api/debian/zlib1g");
        }

        assertThat(refresh.queueDemand()).isZero();
        app.bean(ProjectCatalog.class).revalidate(Ecosystem.DEBIAN, "zlib1g");
        assertThat(fake.requests("/zlib1g")).isEmpty();
    }

    @Test
    void answers404ForANameTheIngestedIndexLacks() {
        HttpResponse<String> r = get("/api/debian/no-such-package");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("no-such-package", "stable/main/amd64");
        assertThat(get("/api/debian/x").statusCode()).isEqualTo(400);
    }

    @Test
    void answersDependenciesWithRequirementsKindsAndAlternatives() {
        String curl = ok("/api/debian/curl/latest/dependencies").body();

        assertThat((String) JsonPath.read(curl, "$.dependencies_for_version")).isEqualTo("8.14.1-2+deb13u5");
        assertThat((List<String>) JsonPath.read(curl, "$.dependencies[*].name"))
                .containsExactly("libc6", "libcurl4t64", "zlib1g", "bash-completion");
        assertThat((Map<String, Object>) JsonPath.read(curl, "$.dependencies[1]")).containsEntry("requirements",
                "= 8.14.1-2+deb13u5").containsEntry("kind", "runtime").containsEntry("optional", false)
                .containsEntry("latest", "8.14.1-2+deb13u5").containsEntry("outdated", false)
                .containsEntry("declared", "libcurl4t64 (= 8.14.1-2+deb13u5)");
        assertThat((Map<String, Object>) JsonPath.read(curl, "$.dependencies[3]")).containsEntry("optional", true)
                .doesNotContainKey("latest");

        String inetd = ok("/api/debian/update-inetd/4.53/dependencies").body();
        assertThat((List<String>) JsonPath.read(inetd, "$.dependencies[?(@.declared == 'debconf (>= 0.5) | debconf-2.0')].name"))
                .containsExactly("debconf", "debconf-2.0");
    }

    @Test
    void listsDependentsThatAgreeWithTheCount() {
        HttpResponse<String> list = ok("/api/debian/libc6/dependents?per_page=100");
        long count = ((Number) JsonPath.read(ok("/api/debian/libc6").body(), "$.dependents_count")).longValue();

        assertThat(count).isGreaterThan(20);
        assertThat(list.headers().firstValue("Total")).hasValue(Long.toString(count));
        assertThat((List<String>) JsonPath.read(list.body(), "$[*].name")).hasSize((int) count).contains("curl", "dpkg");
        assertThat((List<String>) JsonPath.read(list.body(), "$[?(@.name == 'curl')].requirements"))
                .containsExactly(">= 2.34");
        assertThat((List<String>) JsonPath.read(ok("/api/debian/debconf/dependents").body(), "$[*].declared"))
                .contains("debconf (>= 0.5) | debconf-2.0");
    }

    @Test
    void answers404NamingTheProvidersOfAVirtualPackage() {
        HttpResponse<String> r = get("/api/debian/Mail-Transport-Agent");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo("virtual_package");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).contains("'Mail-Transport-Agent' is a virtual Debian"
                + " package in stable/main/amd64", "3 packages provide it: dma, exim4-daemon-light, postfix");
        assertThat((String) JsonPath.read(get("/api/debian/debconf-2.0").body(), "$.detail"))
                .contains("one package provides it: debconf");
        assertThat((String) JsonPath.read(get("/api/debian/mail-transport-agent/dependents").body(), "$.code"))
                .isEqualTo("virtual_package");
        assertThat((String) JsonPath.read(get("/api/purl/pkg:deb/debian/libcurl4").body(), "$.detail"))
                .contains("provides it: libcurl4t64");
        HttpResponse<String> batch = Http.send("POST", app.url("/api/batch"),
                "{\"packages\": [{\"platform\": \"debian\", \"name\": \"default-mta\"}]}", "Content-Type",
                "application/json", app.auth()[0], app.auth()[1]);
        assertThat((Map<String, Object>) JsonPath.read(batch.body(), "$[0].error")).containsEntry("status", 404)
                .containsEntry("code", "virtual_package");
    }

    @Test
    void namesTheProvidersOfADependencyOnAVirtualPackage() {
        String mailx = ok("/api/debian/bsd-mailx/latest/dependencies").body();

        assertThat((Map<String, Object>) JsonPath.read(mailx, "$.dependencies[0]")).containsEntry("name", "libc6")
                .doesNotContainKeys("virtual", "providers");
        assertThat((Map<String, Object>) JsonPath.read(mailx, "$.dependencies[1]"))
                .containsEntry("name", "default-mta").containsEntry("virtual", true)
                .containsEntry("providers", List.of("exim4-daemon-light")).doesNotContainKey("latest");
        assertThat((Map<String, Object>) JsonPath.read(mailx, "$.dependencies[2]"))
                .containsEntry("name", "mail-transport-agent").containsEntry("virtual", true)
                .containsEntry("providers", List.of("dma", "exim4-daemon-light", "postfix"));

        String moo = ok("/api/debian/libmoo-perl/latest/dependencies").body();
        assertThat((Map<String, Object>) JsonPath.read(moo, "$.dependencies[1]"))
                .containsEntry("name", "libscalar-list-utils-perl").containsEntry("latest", "1:1.69-1")
                .containsEntry("providers", List.of("perl-base")).doesNotContainKey("virtual");
    }

    @Test
    void countsDependentsThroughTheVirtualPackagesAProjectProvides() {
        HttpResponse<String> list = ok("/api/debian/exim4-daemon-light/dependents");

        assertThat(JsonPath.<Integer>read(ok("/api/debian/exim4-daemon-light").body(), "$.dependents_count"))
                .isEqualTo(2);
        assertThat(list.headers().firstValue("Total")).hasValue("2");
        assertThat((List<Map<String, Object>>) JsonPath.read(list.body(), "$")).satisfiesExactly(
                d -> assertThat(d).containsEntry("name", "bsd-mailx").containsEntry("virtual_name", "default-mta")
                        .containsEntry("declared", "default-mta | mail-transport-agent"),
                d -> assertThat(d).containsEntry("name", "dma").containsEntry("virtual_name", "default-mta"));
        assertThat((List<Map<String, Object>>) JsonPath.read(ok("/api/debian/libc6/dependents?per_page=100").body(),
                "$[?(@.name == 'curl')]")).singleElement()
                .satisfies(d -> assertThat(d).doesNotContainKey("virtual_name"));
        assertThat((List<Integer>) JsonPath.read(ok("/api/search?q=postfix&platforms=debian").body(),
                "$[?(@.name == 'postfix')].dependents_count")).containsExactly(2);
    }

    @Test
    void looksUpDebianPackageUrls() {
        assertThat((String) JsonPath.read(ok("/api/purl/pkg:deb/debian/curl").body(), "$.name")).isEqualTo("curl");
        String version = ok("/api/purl/pkg%3Adeb%2Fdebian%2Fcurl%408.14.1-2%2Bdeb13u5%3Farch%3Damd64").body();
        assertThat((String) JsonPath.read(version, "$.dependencies_for_version")).isEqualTo("8.14.1-2+deb13u5");

        HttpResponse<String> ubuntu = get("/api/purl/pkg:deb/ubuntu/curl");
        assertThat(ubuntu.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(ubuntu.body(), "$.code")).isEqualTo("unsupported_purl");
    }

    @Test
    void listsDebianAmongThePlatforms() {
        String body = ok("/api/platforms").body();

        assertThat((List<Map<String, Object>>) JsonPath.read(body, "$[?(@.key == 'debian')]")).singleElement()
                .satisfies(p -> assertThat(p).containsEntry("name", "Debian").containsEntry("purl_type", "deb")
                        .containsEntry("homepage", "https://www.debian.org").containsEntry("project_count", 60));
    }
}
