package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Screenshots rendered by real Chromium of pages on a loopback test site. */
class ScreenshotRoutesTest {

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

    private static BufferedImage image(byte[] bytes) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        assertThat(image).isNotNull();
        return image;
    }

    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xffffff;
    }

    @Test
    void returnsPngOfTheViewportAtTheRequestedSize() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "width", "400", "height", "300");

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(response.body()).startsWith(0x89, 'P', 'N', 'G');
        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(400);
        assertThat(image.getHeight()).isEqualTo(300);
        assertThat(rgb(image, 300, 250)).isEqualTo(0xff0000);
        assertThat(rgb(image, 50, 40)).isEqualTo(0x0000ff);
    }

    @Test
    void returnsJpegWhenAskedWithQuality() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "format", "jpeg", "quality", "60", "width", "320", "height", "200");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(response.body()).startsWith(0xff, 0xd8, 0xff);
        assertThat(image(response.body()).getWidth()).isEqualTo(320);
    }

    @Test
    void returnsWebpWhenAsked() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "format", "webp", "width", "300", "height", "200", "response_type", "json");

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        String body = Fetch.text(response);
        byte[] webp = Fetch.get(JsonPath.read(body, "$.url")).body();
        assertThat(new String(webp, 0, 4)).isEqualTo("RIFF");
        assertThat(new String(webp, 8, 4)).isEqualTo("WEBP");
        assertThat((Integer) JsonPath.read(body, "$.width")).isEqualTo(300);
        assertThat((Integer) JsonPath.read(body, "$.height")).isEqualTo(200);
    }

    @Test
    void multipliesPixelsByTheDeviceScaleFactor() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "width", "300", "height", "200", "device_scale_factor", "2");

        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(600);
        assertThat(image.getHeight()).isEqualTo(400);
    }

    @Test
    void capturesTheFullPageTallerThanTheViewport() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/tall",
                "width", "500", "height", "600", "full_page", "true");

        assertThat(response.statusCode()).isEqualTo(200);
        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(500);
        assertThat(image.getHeight()).isEqualTo(3000);
    }

    /** Bands 1,000 px tall, band i in the colour {@link #band(int)}, from the top of the page. */
    private static String bandedPage(int bands) {
        StringBuilder html = new StringBuilder("<style>body{margin:0}div{height:1000px}</style>");
        for (int i = 0; i < bands; i++) {
            html.append("<div style=\\\"background:#%06x\\\"></div>".formatted(band(i)));
        }
        return html.toString();
    }

    private static int band(int i) {
        return ((i * 53) % 256) << 16 | ((255 - i * 5) % 256) << 8 | (i * 97) % 256;
    }

    @Test
    void stitchesAFullPageTallerThanChromiumCanCaptureAtOnce() throws IOException {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"), """
                {"html":"%s","width":300,"height":400,"full_page":true,"max_height":40000}"""
                .formatted(bandedPage(40)));

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(300);
        assertThat(image.getHeight()).isEqualTo(40_000);
        for (int i = 0; i < 40; i++) {
            assertThat(rgb(image, 150, i * 1000 + 10)).as("top of band %d", i).isEqualTo(band(i));
            assertThat(rgb(image, 150, i * 1000 + 990)).as("bottom of band %d", i).isEqualTo(band(i));
        }
    }

    @Test
    void stitchesInDevicePixelsAtADeviceScaleFactorOfTwo() throws IOException {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"), """
                {"html":"%s","width":300,"height":400,"full_page":true,"device_scale_factor":2}"""
                .formatted(bandedPage(10)));

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(600);
        assertThat(image.getHeight()).isEqualTo(20_000);
        for (int i = 0; i < 10; i++) {
            assertThat(rgb(image, 300, i * 2000 + 20)).as("top of band %d", i).isEqualTo(band(i));
            assertThat(rgb(image, 300, i * 2000 + 1980)).as("bottom of band %d", i).isEqualTo(band(i));
        }
    }

    /** Each channel of {@code actual} within {@code tolerance} of {@code expected}: JPEG keeps flat colours nearly. */
    private static void assertNear(int actual, int expected, int tolerance, String what) {
        for (int shift = 0; shift < 24; shift += 8) {
            assertThat(actual >> shift & 0xff).as("%s: %06x vs %06x", what, actual, expected)
                    .isCloseTo(expected >> shift & 0xff, within(tolerance));
        }
    }

    @Test
    void stitchesAJpegFullPageTallerThanChromiumCanCaptureAtOnce() throws IOException {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"), """
                {"html":"%s","width":300,"height":400,"full_page":true,"max_height":24000,"format":"jpeg",\
                "quality":80}""".formatted(bandedPage(24)));

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(response.body()).startsWith(0xff, 0xd8, 0xff);
        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(300);
        assertThat(image.getHeight()).isEqualTo(24_000);
        for (int i = 0; i < 24; i++) {
            assertNear(rgb(image, 150, i * 1000 + 10), band(i), 6, "top of band " + i);
            assertNear(rgb(image, 150, i * 1000 + 500), band(i), 6, "middle of band " + i);
            assertNear(rgb(image, 150, i * 1000 + 990), band(i), 6, "bottom of band " + i);
        }
    }

    @Test
    void stitchesAJpegInDevicePixelsAtADeviceScaleFactorOfTwo() throws IOException {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"), """
                {"html":"%s","width":300,"height":400,"full_page":true,"max_height":12000,"format":"jpeg",\
                "device_scale_factor":2,"response_type":"json"}""".formatted(bandedPage(12)));

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(200);
        assertThat((Integer) JsonPath.read(body, "$.width")).isEqualTo(600);
        assertThat((Integer) JsonPath.read(body, "$.height")).isEqualTo(24_000);
        BufferedImage image = image(Fetch.get(JsonPath.read(body, "$.url")).body());
        assertThat(image.getHeight()).isEqualTo(24_000);
        for (int i = 0; i < 12; i++) {
            assertNear(rgb(image, 300, i * 2000 + 20), band(i), 6, "top of band " + i);
            assertNear(rgb(image, 300, i * 2000 + 1980), band(i), 6, "bottom of band " + i);
        }
    }

    /**
     * At a fractional scale Chromium rounds each slice's height on its own: the JPEG, whose height is set before
     * its rows, comes out as tall as the PNG, whose height is the sum of its slices, with the bands in place.
     */
    @Test
    void stitchesAJpegAsTallAsThePngAtAFractionalDeviceScaleFactor() throws IOException {
        String request = """
                {"html":"%s","width":300,"height":400,"full_page":true,"max_height":9000,\
                "device_scale_factor":2.625,"format":"%s"}""";
        BufferedImage png = image(Fetch.postJson(app.url("/v1/screenshot"),
                request.formatted(bandedPage(9), "png")).body());
        BufferedImage jpeg = image(Fetch.postJson(app.url("/v1/screenshot"),
                request.formatted(bandedPage(9), "jpeg")).body());

        assertThat(png.getHeight()).isGreaterThan(16_000);
        assertThat(jpeg.getWidth()).isEqualTo(png.getWidth());
        assertThat(jpeg.getHeight()).isEqualTo(png.getHeight());
        int x = png.getWidth() / 2;
        int top = 0;
        for (int i = 0; i < 9; i++) {
            int blended = top;
            while (top < blended + 3 && rgb(png, x, top) != band(i)) {
                top++; // at a fractional scale a row where two bands meet mixes their colours
            }
            int bottom = top;
            while (bottom < png.getHeight() && rgb(png, x, bottom) == band(i)) {
                bottom++;
            }
            assertThat(bottom - top).as("band %d in the PNG", i).isGreaterThan(2_500);
            assertNear(rgb(jpeg, x, top + 8), band(i), 6, "top of band " + i);
            assertNear(rgb(jpeg, x, (top + bottom) / 2), band(i), 6, "middle of band " + i);
            assertNear(rgb(jpeg, x, bottom - 9), band(i), 6, "bottom of band " + i);
            top = bottom;
        }
    }

    @Test
    void cutsTheFullPageAtMaxHeight() throws IOException {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"), """
                {"html":"%s","width":300,"height":400,"full_page":true,"max_height":2500,"format":"jpeg"}"""
                .formatted(bandedPage(5)));

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        assertThat(image(response.body()).getHeight()).isEqualTo(2500);
    }

    @Test
    void refusesAMaxHeightBeyondWhatTheFormatAllows() {
        HttpResponse<byte[]> tooTall = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/tall",
                "full_page", "true", "max_height", "20000", "format", "webp");
        HttpResponse<byte[]> withoutFullPage = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/tall",
                "max_height", "2000");

        assertThat(tooTall.statusCode()).isEqualTo(400);
        assertThat(Fetch.text(tooTall)).contains("max_height");
        assertThat(withoutFullPage.statusCode()).isEqualTo(400);
        assertThat(Fetch.text(withoutFullPage)).contains("max_height");
    }

    @Test
    void capturesOneElementBySelector() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "selector", "#box");

        BufferedImage image = image(response.body());
        assertThat(image.getWidth()).isEqualTo(120);
        assertThat(image.getHeight()).isEqualTo(60);
        assertThat(rgb(image, 60, 30)).isEqualTo(0x0000ff);
    }

    @Test
    void answers422WhenTheSelectorMatchesNothing() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "selector", "#missing");

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.detail")).contains("#missing");
    }

    @Test
    void answersJsonWithTheUrlOfTheStoredFileAndMetadata() throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url", app.site.base() + "/red",
                "width", "200", "height", "100", "response_type", "json");

        String body = Fetch.text(response);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                t -> assertThat(t).startsWith("application/json"));
        assertThat((String) JsonPath.read(body, "$.format")).isEqualTo("png");
        assertThat((String) JsonPath.read(body, "$.content_type")).isEqualTo("image/png");
        assertThat((Integer) JsonPath.read(body, "$.remote_status")).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.created_at")).isEqualTo("2026-03-01T10:00:00Z");
        assertThat((String) JsonPath.read(body, "$.expires_at")).isEqualTo("2026-03-02T10:00:00Z");
        assertThat((Boolean) JsonPath.read(body, "$.cached")).isFalse();
        assertThat((String) JsonPath.read(body, "$.source_url")).isEqualTo(app.site.base() + "/red");
        String url = JsonPath.read(body, "$.url");
        assertThat(url).startsWith(app.baseUrl + "/v1/files/").doesNotContain("api_key");
        HttpResponse<byte[]> file = Fetch.get(url);
        assertThat(file.statusCode()).isEqualTo(200);
        assertThat(file.headers().firstValue("Content-Type")).hasValue("image/png");
        byte[] png = file.body();
        assertThat(image(png).getWidth()).isEqualTo(200);
        assertThat((Integer) JsonPath.read(body, "$.bytes")).isEqualTo(png.length);
    }

    @Test
    void rendersPostedHtmlInDarkModeWhenAsked() throws IOException {
        String html = "<style>body{margin:0;background:#ffffff}"
                + "@media (prefers-color-scheme: dark){body{background:#000000}}</style><p>hi</p>";
        HttpResponse<byte[]> dark = Fetch.postJson(app.url("/v1/screenshot"),
                "{\"html\":\"" + html + "\",\"width\":100,\"height\":100,\"dark_mode\":true}");
        HttpResponse<byte[]> light = Fetch.postJson(app.url("/v1/screenshot"),
                "{\"html\":\"" + html + "\",\"width\":100,\"height\":100}");

        assertThat(dark.statusCode()).as(Fetch.text(dark)).isEqualTo(200);
        assertThat(rgb(image(dark.body()), 90, 90)).isEqualTo(0x000000);
        assertThat(rgb(image(light.body()), 90, 90)).isEqualTo(0xffffff);
    }

    @Test
    void keepsNoCookiesBetweenCaptures() {
        HttpResponse<byte[]> first = Fetch.get(app.url("/v1/extract"), "url", app.site.base() + "/cookie");
        HttpResponse<byte[]> second = Fetch.get(app.url("/v1/extract"), "url", app.site.base() + "/cookie");

        assertThat((String) JsonPath.read(Fetch.text(first), "$.title")).isEqualTo("none");

        assertThat((String) JsonPath.read(Fetch.text(second), "$.title")).isEqualTo("none");
    }
}
