package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

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
