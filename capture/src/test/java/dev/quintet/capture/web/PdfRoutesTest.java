package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.io.IOException;
import java.net.http.HttpResponse;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** PDFs printed by real Chromium, read back with PDFBox. */
class PdfRoutesTest {

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
    void printsA4PortraitByDefaultOverSeveralPages() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/pdf"), "url", app.site.base() + "/long");

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(new String(response.body(), 0, 5)).isEqualTo("%PDF-");
        try (PDDocument pdf = Loader.loadPDF(response.body())) {
            assertThat(pdf.getNumberOfPages()).isGreaterThan(2);
            PDRectangle size = pdf.getPage(0).getMediaBox();
            assertThat((double) size.getWidth()).isCloseTo(595.3, org.assertj.core.api.Assertions.within(1.0));
            assertThat((double) size.getHeight()).isCloseTo(841.9, org.assertj.core.api.Assertions.within(1.0));
        }
    }

    @Test
    void printsLetterLandscapeWhenAsked() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/pdf"), "html", "<p>letter</p>", "format", "Letter",
                "landscape", "true", "margin", "1cm 2cm");

        try (PDDocument pdf = Loader.loadPDF(response.body())) {
            PDRectangle size = pdf.getPage(0).getMediaBox();
            assertThat(Math.round(size.getWidth())).isEqualTo(792);
            assertThat(Math.round(size.getHeight())).isEqualTo(612);
        }
    }

    @Test
    void printsOnlyTheRequestedPageRanges() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/pdf"), "url", app.site.base() + "/long",
                "page_ranges", "2");

        try (PDDocument pdf = Loader.loadPDF(response.body())) {
            assertThat(pdf.getNumberOfPages()).isEqualTo(1);
        }
    }

    @Test
    void writesHeaderAndFooterTemplates() throws IOException {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/pdf"), """
                {"html": "<p>body text</p>", "margin": "2cm",
                 "footer_html": "Page <span class=pageNumber></span> of <span class=totalPages></span>",
                 "header_html": "Quarterly report"}""");

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        try (PDDocument pdf = Loader.loadPDF(response.body())) {
            String text = new PDFTextStripper().getText(pdf);
            assertThat(text).contains("Quarterly report").contains("Page 1 of 1").contains("body text");
        }
    }

    @Test
    void titlesThePdfByTheFirstHeadingWhenThePageHasNoTitle() throws IOException {
        HttpResponse<byte[]> untitled = Fetch.postJson(app.url("/v1/pdf"),
                "{\"html\":\"<h1>Quarterly\\n  report</h1><p>Numbers.</p>\"}");
        HttpResponse<byte[]> titled = Fetch.postJson(app.url("/v1/pdf"),
                "{\"html\":\"<title>Own title</title><h1>Heading</h1>\"}");

        assertThat(untitled.statusCode()).as(Fetch.text(untitled)).isEqualTo(200);
        try (PDDocument pdf = Loader.loadPDF(untitled.body())) {
            assertThat(pdf.getDocumentInformation().getTitle()).isEqualTo("Quarterly report");
        }
        try (PDDocument pdf = Loader.loadPDF(titled.body())) {
            assertThat(pdf.getDocumentInformation().getTitle()).isEqualTo("Own title");
        }
    }

    @Test
    void answersJsonWithThePageCount() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/pdf"), "url", app.site.base() + "/long",
                "response_type", "json", "page_ranges", "1-2");

        String body = Fetch.text(response);
        assertThat((Integer) JsonPath.read(body, "$.pages")).isEqualTo(2);
        assertThat((String) JsonPath.read(body, "$.content_type")).isEqualTo("application/pdf");
    }

    @Test
    void answers422WhenPageRangesExceedTheDocument() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/pdf"), "html", "<p>one page</p>",
                "page_ranges", "5-6");

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(422);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.detail")).contains("page_ranges");
    }
}
