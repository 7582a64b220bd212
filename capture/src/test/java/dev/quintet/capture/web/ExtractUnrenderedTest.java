package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code render=false}: pages fetched without a browser, through the egress proxy, with type, size, charset and
 * time rules. The canary on 127.0.0.2 must never be reached.
 */
class ExtractUnrenderedTest {

    static CaptureFixture app;

    @BeforeAll
    static void start() {
        app = CaptureFixture.start();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @BeforeEach
    void clear() {
        app.canary.clearHits();
        app.site.clearHits();
    }

    private static HttpResponse<byte[]> extract(String... pairs) {
        String[] all = new String[pairs.length + 2];
        System.arraycopy(pairs, 0, all, 0, pairs.length);
        all[pairs.length] = "render";
        all[pairs.length + 1] = "false";
        return Fetch.get(app.url("/v1/extract"), all);
    }

    @Test
    void fetchesAndExtractsAPageWithoutABrowser() {
        String base = app.site.base();
        HttpResponse<byte[]> response = extract("url", base + "/article");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.url")).isEqualTo(base + "/article");
        assertThat((String) JsonPath.read(body, "$.title")).isEqualTo("Harbour Bridge Reopens After Repairs");
        assertThat((String) JsonPath.read(body, "$.content_text")).contains("wide lane for bicycles")
                .doesNotContain("We use cookies", "First!");
        assertThat((String) JsonPath.read(body, "$.content_markdown")).contains("[detours](" + base + "/news/detours)");
    }

    @Test
    void doesNotRunScriptsSoOnlyTheServedHtmlCounts() {
        HttpResponse<byte[]> response = extract("url", app.site.base() + "/script-written");

        String text = JsonPath.read(Fetch.text(response), "$.content_text");
        assertThat(text).contains("Written in the page itself").doesNotContain("Added by script");
    }

    @Test
    void followsRedirectsAndReportsTheFinalUrl() {
        HttpResponse<byte[]> response = extract("url", app.site.base() + "/redirect?to=/structured");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.url")).isEqualTo(app.site.base() + "/structured");
        assertThat((String) JsonPath.read(body, "$.published_at")).isEqualTo("2026-03-02T08:15:00Z");
    }

    @Test
    void refusesARedirectToARefusedAddressWithoutReachingIt() {
        String[] targets = {app.canary.base() + "/after-redirect", "http://169.254.169.254/latest/meta-data/",
            "http://10.0.0.1/internal", "file:///etc/passwd"};
        for (String target : targets) {
            HttpResponse<byte[]> response = extract("url", app.site.base() + "/redirect?to=" + target);

            String body = Fetch.text(response);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat((String) JsonPath.read(body, "$.param")).isEqualTo("url");
            assertThat((String) JsonPath.read(body, "$.detail")).startsWith("url redirected to a refused address");
        }
        assertThat(app.canary.hits()).isEmpty();
        assertThat(app.site.hits()).filteredOn(h -> h.startsWith("/redirect")).hasSize(targets.length);
    }

    @Test
    void refusesAPrivateUrlBeforeConnecting() {
        HttpResponse<byte[]> response = extract("url", app.canary.base() + "/direct");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(app.canary.hits()).isEmpty();
    }

    @Test
    void readsTheCharsetFromTheHeaderOrFromTheMetaTag() {
        String fromHeader = JsonPath.read(Fetch.text(extract("url", app.site.base() + "/latin1")), "$.content_text");
        String fromMeta = JsonPath.read(Fetch.text(extract("url", app.site.base() + "/meta-charset")),
                "$.content_text");

        assertThat(fromHeader).contains("Un café crème coûte deux euros à la gare");
        assertThat(fromMeta).contains("Die Straße am Fluß wird im Frühjahr für den Verkehr gesperrt");
    }

    @Test
    void answers422ForPagesThatAreNotHtml() {
        HttpResponse<byte[]> response = extract("url", app.site.base() + "/data.json");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(422);
        assertThat((String) JsonPath.read(body, "$.code")).isEqualTo("not_html");
        assertThat((String) JsonPath.read(body, "$.detail")).endsWith("the page is application/json");
    }

    @Test
    void answers422ForPagesLargerThanTheLimitWithoutReadingThemWhole() {
        HttpResponse<byte[]> response = extract("url", app.site.base() + "/huge");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(422);
        assertThat((String) JsonPath.read(body, "$.code")).isEqualTo("page_too_large");
        assertThat((String) JsonPath.read(body, "$.detail")).contains("at most 5242880 bytes");
    }

    @Test
    void answers504WhenThePageIsSlowerThanTheTimeout() {
        app.site.resetSlow();
        HttpResponse<byte[]> response = extract("url", app.site.base() + "/slow?ms=4000", "timeout", "1000");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(504);
        assertThat((String) JsonPath.read(body, "$.code")).isEqualTo("capture_timeout");
    }

    @Test
    void parsesPostedHtmlAsGivenWithoutRunningIt() {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/extract"), """
                {"render": false, "html": "<html lang=fr><head><meta property='article:published_time' content='2026-02-01T10:00:00+02:00'></head><body><article><p>Le texte est lu tel quel, sans navigateur, et le script n'est jamais lancé par le service.</p></article><script>document.write('<p>ajouté</p>')</script></body></html>"}""");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.content_text")).startsWith("Le texte est lu tel quel")
                .doesNotContain("ajouté");
        assertThat((String) JsonPath.read(body, "$.lang")).isEqualTo("fr");
        assertThat((String) JsonPath.read(body, "$.published_at")).isEqualTo("2026-02-01T08:00:00Z");
        assertThat(body).doesNotContain("\"url\"");
    }

    @Test
    void sendsTheCallersHeadersToThePagesOwnSite() {
        HttpResponse<byte[]> response = extract("url", app.site.base() + "/headers", "headers",
                "{\"X-Test\":\"plain\"}", "cookies", "a=1", "user_agent", "QuintetTest/1", "accept_language", "de");

        String title = JsonPath.read(Fetch.text(response), "$.title");
        assertThat(title).contains("x-test=plain", "cookie=a=1", "user-agent=QuintetTest/1", "accept-language=de");
    }
}
