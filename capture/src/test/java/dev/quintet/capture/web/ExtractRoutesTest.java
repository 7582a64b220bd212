package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Extraction from pages rendered by real Chromium. */
class ExtractRoutesTest {

    static CaptureFixture app;

    @BeforeAll
    static void start() {
        CaptureFixture.assumeChromium();
        app = CaptureFixture.start();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void extractsMetadataAndTheArticleTextWithoutBoilerplate() {
        String base = app.site.base();
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/extract"), "url", base + "/article");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.url")).isEqualTo(base + "/article");
        assertThat((String) JsonPath.read(body, "$.title")).isEqualTo("Harbour Bridge Reopens After Repairs");
        assertThat((String) JsonPath.read(body, "$.excerpt")).startsWith("The old harbour bridge reopened");
        assertThat((String) JsonPath.read(body, "$.canonical_url")).isEqualTo(base + "/news/harbour-bridge");
        assertThat((String) JsonPath.read(body, "$.lang")).isEqualTo("en-GB");
        assertThat((String) JsonPath.read(body, "$.site_name")).isEqualTo("The Coast Gazette");
        assertThat((String) JsonPath.read(body, "$.byline")).isEqualTo("Mara Quinn");
        assertThat((String) JsonPath.read(body, "$.lead_image_url")).isEqualTo(base + "/img/bridge.jpg");
        assertThat((String) JsonPath.read(body, "$.metadata.twitter.card")).isEqualTo("summary_large_image");
        assertThat((String) JsonPath.read(body, "$.metadata.og.site_name")).isEqualTo("The Coast Gazette");
        assertThat((List<Object>) JsonPath.read(body, "$.metadata.json_ld")).isEmpty();
        String text = JsonPath.read(body, "$.content_text");
        assertThat(text).startsWith("The old harbour bridge reopened to traffic on Monday morning")
                .contains("What changed", "wide lane for bicycles", "buses returning to their usual routes");
        assertThat(text).doesNotContain("We use cookies", "First!", "Ferry fares", "About us", "Sport", "Share");
        assertThat((Integer) JsonPath.read(body, "$.word_count")).isBetween(80, 120);
        assertThat((Integer) JsonPath.read(body, "$.reading_minutes")).isEqualTo(1);
        assertThat((List<String>) JsonPath.read(body, "$.headings[*].text")).containsExactly("What changed");
        assertThat((List<String>) JsonPath.read(body, "$.links[*].href")).containsExactly(base + "/news/detours");
        assertThat((List<String>) JsonPath.read(body, "$.images[*].src")).containsExactly(base + "/img/deck.jpg");
        assertThat((java.util.Map<String, Object>) JsonPath.read(body, "$")).doesNotContainKeys("format", "content",
                "description", "published_at", "modified_at");
    }

    @Test
    void returnsTheContentAsHtmlTextAndMarkdownTogether() {
        String base = app.site.base();
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/extract"), "url", base + "/article");

        String body = Fetch.text(response);
        assertThat((String) JsonPath.read(body, "$.content_markdown")).contains("## What changed",
                "[detours](" + base + "/news/detours)", "![The new deck](" + base + "/img/deck.jpg)")
                .doesNotContain("# Harbour Bridge");
        assertThat((String) JsonPath.read(body, "$.content_html")).contains("<h2>What changed</h2>",
                "<a href=\"" + base + "/news/detours\">detours</a>", "<img src=\"" + base + "/img/deck.jpg\"")
                .doesNotContain("class=", "<script", "cookie");
    }

    @Test
    void readsDatesAuthorsAndImagesFromJsonLdAndNormalisesTimesToUtc() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/extract"), "url", app.site.base() + "/structured");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.title")).isEqualTo("Tide tables for the spring");
        assertThat((String) JsonPath.read(body, "$.published_at")).isEqualTo("2026-03-02T08:15:00Z");
        assertThat((String) JsonPath.read(body, "$.modified_at")).isEqualTo("2026-03-03T23:00:00Z");
        assertThat((String) JsonPath.read(body, "$.byline")).isEqualTo("Ana Ruiz, Tom Berg");
        assertThat((String) JsonPath.read(body, "$.site_name")).isEqualTo("Harbour Notes");
        assertThat((String) JsonPath.read(body, "$.lang")).isEqualTo("en-GB");
        assertThat((String) JsonPath.read(body, "$.lead_image_url")).isEqualTo(app.site.base() + "/img/tides.png");
        assertThat((String) JsonPath.read(body, "$.metadata.json_ld[0]['@graph'][1].headline"))
                .isEqualTo("Tide tables for the spring");
        assertThat((List<Object>) JsonPath.read(body, "$.metadata.json_ld")).hasSize(1);
        assertThat((String) JsonPath.read(body, "$.content_text")).contains("The spring tides arrive in the first week")
                .doesNotContain("Tide tables for the spring");
    }

    @Test
    void extractsFromTheRenderedDomOfPostedHtml() {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/extract"), """
                {"html": "<html><body><main id=m></main><script>document.getElementById('m').innerHTML = '<h1>Made by script</h1><p>' + 'This paragraph was written by JavaScript while the page loaded, so only a real browser sees it. '.repeat(3) + '</p>';</script></body></html>"}""");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.title")).isEqualTo("Made by script");
        assertThat((String) JsonPath.read(body, "$.content_html")).contains("written by JavaScript");
        assertThat((String) JsonPath.read(body, "$.content_text")).startsWith("This paragraph was written");
        assertThat(body).doesNotContain("\"url\"");
    }
}
