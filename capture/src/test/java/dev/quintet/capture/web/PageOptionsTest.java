package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import dev.quintet.capture.testing.TestSite;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Request, browser and page options shared by every capture route, and the screenshot's clip and thumbnail. */
class PageOptionsTest {

    static CaptureFixture app;
    static TestSite other;

    @BeforeAll
    static void start() {
        CaptureFixture.assumeChromium();
        app = CaptureFixture.start();
        other = new TestSite("127.0.0.1");
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
            other.close();
        }
    }

    private static BufferedImage shot(String... pairs) throws IOException {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), pairs);
        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        return ImageIO.read(new ByteArrayInputStream(response.body()));
    }

    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xffffff;
    }

    private static String title(String body) {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/extract"), body);
        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        return JsonPath.read(Fetch.text(response), "$.title");
    }

    private static void assertRefused(HttpResponse<byte[]> response, int status, String param, String detail) {
        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(status);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.param")).isEqualTo(param);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.detail")).contains(detail);
    }

    @Test
    void sendsHeadersAndCookiesToThePagesOwnOriginOnly() {
        String third = other.base() + "/third.png";
        String page = app.site.base() + "/headers?third=" + URLEncoder.encode(third, StandardCharsets.UTF_8);
        String title = title("{\"url\":\"" + page + "\",\"headers\":{\"X-Test\":\"yes\"},"
                + "\"cookies\":\"session=abc; theme=dark\",\"wait_until\":\"networkidle\"}");

        assertThat(title).contains("x-test=yes", "session=abc", "theme=dark");
        assertThat(app.site.testHeaders()).contains("/headers yes");
        assertThat(other.testHeaders()).containsExactly("/third.png -");
    }

    @Test
    void setsTheUserAgentAndLanguages() {
        String title = title("{\"url\":\"" + app.site.base() + "/headers\",\"user_agent\":\"QuintetTest/1.0\","
                + "\"accept_language\":\"de-DE,de;q=0.9\"}");

        assertThat(title).contains("user-agent=QuintetTest/1.0", "accept-language=de-DE,de;q=0.9");
    }

    @Test
    void emulatesADevicePreset() throws IOException {
        BufferedImage image = shot("url", app.site.base() + "/red", "device", "iphone_15");

        assertThat(image.getWidth()).isEqualTo(393 * 3);
        assertThat(image.getHeight()).isBetween(852 * 3 - 3, 852 * 3);
        String title = title("{\"url\":\"" + app.site.base() + "/headers\",\"device\":\"iphone_15\"}");
        assertThat(title).contains("iPhone");
    }

    @Test
    void capturesAClipAndScalesToAThumbnail() throws IOException {
        BufferedImage clip = shot("url", app.site.base() + "/red", "clip", "10,20,120,60");
        assertThat(clip.getWidth()).isEqualTo(120);
        assertThat(clip.getHeight()).isEqualTo(60);
        assertThat(rgb(clip, 5, 5)).isEqualTo(0x0000ff);
        assertThat(rgb(clip, 115, 55)).isEqualTo(0x0000ff);

        BufferedImage thumb = shot("url", app.site.base() + "/red", "width", "400", "height", "300",
                "thumbnail_width", "100");
        assertThat(thumb.getWidth()).isEqualTo(100);
        assertThat(thumb.getHeight()).isEqualTo(75);
        assertThat(rgb(thumb, 90, 70)).isEqualTo(0xff0000);
    }

    @Test
    void cutsAClipToThePageAndRefusesOneOutsideIt() throws IOException {
        String red = app.site.base() + "/red";
        BufferedImage corner = shot("url", red, "width", "400", "height", "300", "clip", "350,250,100,100");
        assertThat(corner.getWidth()).isEqualTo(50);
        assertThat(corner.getHeight()).isEqualTo(50);
        assertThat(rgb(corner, 25, 25)).isEqualTo(0xff0000);

        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "width", "400", "height", "300", "clip",
                "500,0,10,10"), 400, "clip", "outside the page");
    }

    @Test
    void leavesTheBackgroundTransparentWhenAsked() throws IOException {
        String html = "<html><body style='margin:0'><div style='width:20px;height:20px;background:#0000ff'></div>"
                + "</body></html>";
        BufferedImage image = shot("html", html, "width", "200", "height", "100", "omit_background", "true");
        assertThat(image.getColorModel().hasAlpha()).isTrue();
        assertThat(image.getRGB(10, 10)).isEqualTo(0xff0000ff);
        assertThat(image.getRGB(150, 50) >>> 24).isZero();
        assertThat(shot("html", html, "width", "200", "height", "100").getRGB(150, 50)).isEqualTo(0xffffffff);
    }

    @Test
    void capturesTheViewportWhereAScriptScrolledTo() throws IOException {
        String html = "<html><body style='margin:0'><div style='height:1000px;background:#ff0000'></div>"
                + "<div style='height:1000px;background:#0000ff'></div></body></html>";
        BufferedImage image = shot("html", html, "width", "200", "height", "100", "js", "window.scrollTo(0, 1200)");
        assertThat(rgb(image, 100, 50)).isEqualTo(0x0000ff);
    }

    @Test
    void hidesTheTextCaretOfAFocusedField() throws IOException {
        String html = "<html><body style='margin:0;background:#fff'><input id=f style='position:absolute;left:0;"
                + "top:0;width:200px;height:80px;border:0;outline:none;padding:0 0 0 10px;font-size:60px;"
                + "background:#fff;color:#000'></body></html>";
        for (int i = 0; i < 3; i++) {
            BufferedImage image = shot("html", html, "width", "200", "height", "80", "js",
                    "document.getElementById('f').focus()", "delay", String.valueOf(150 * i));
            for (int x = 0; x < 200; x++) {
                for (int y = 0; y < 80; y++) {
                    assertThat(rgb(image, x, y)).as("pixel %d,%d", x, y).isEqualTo(0xffffff);
                }
            }
        }
    }

    @Test
    void injectsCssAndScriptAndHidesElements() throws IOException {
        String red = app.site.base() + "/red";
        assertThat(rgb(shot("url", red, "css", "body{background:#00ff00 !important}"), 300, 250)).isEqualTo(0x00ff00);
        assertThat(rgb(shot("url", red, "js", "document.body.style.background = '#ffff00'"), 300, 250))
                .isEqualTo(0xffff00);
        assertThat(rgb(shot("url", red, "hide_selectors", "#box"), 50, 40)).isEqualTo(0xff0000);

        HttpResponse<byte[]> broken = Fetch.get(app.url("/v1/screenshot"), "url", red, "js", "throw new Error('nope')");
        assertRefused(broken, 422, "js", "nope");
    }

    @Test
    void emulatesPrintMediaReducedMotionAndHidesCookieBanners() throws IOException {
        String styled = app.site.base() + "/styled";
        assertThat(rgb(shot("url", styled, "width", "200", "height", "100"), 100, 50)).isEqualTo(0x000000);
        assertThat(rgb(shot("url", styled, "width", "200", "height", "100", "block_cookie_banners", "true"), 100, 50))
                .isEqualTo(0xff0000);
        assertThat(rgb(shot("url", styled, "width", "200", "height", "100", "block_cookie_banners", "true",
                "media", "print"), 100, 50)).isEqualTo(0x00ff00);
        assertThat(rgb(shot("url", styled, "width", "200", "height", "100", "block_cookie_banners", "true",
                "reduced_motion", "true"), 100, 50)).isEqualTo(0x0000ff);
    }

    @Test
    void waitsForAnElementAndSaysWhenItNeverCame() {
        String late = app.site.base() + "/late";
        assertThat(Fetch.get(app.url("/v1/screenshot"), "url", late, "wait_for", "#late").statusCode()).isEqualTo(200);

        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", late, "wait_for", "#never", "timeout", "2000"),
                422, "wait_for", "#never");
    }

    @Test
    void scrollsThroughThePageSoLazyImagesLoad() throws IOException {
        app.site.clearHits();
        shot("url", app.site.base() + "/lazy", "width", "300", "height", "300");
        assertThat(app.site.hits()).doesNotContain("/lazy-pixel.png");

        shot("url", app.site.base() + "/lazy", "width", "300", "height", "300", "scroll", "true");
        assertThat(app.site.hits()).contains("/lazy-pixel.png");
    }

    @Test
    void refusesBadOptionsNamingTheParameter() {
        String red = app.site.base() + "/red";
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "headers", "{\"Host\":\"evil\"}"), 400,
                "headers", "Host");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "headers", "[1]"), 400, "headers",
                "JSON object");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "cookies", "a=b c"), 400, "cookies",
                "without spaces");
        assertRefused(Fetch.postJson(app.url("/v1/screenshot"), "{\"html\":\"<p>x</p>\",\"cookies\":{\"a\":\"b\"}}"),
                400, "cookies", "need url");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "device", "toaster"), 400, "device",
                "iphone_15");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "clip", "1,2,3"), 400, "clip", "x,y,width,height");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "clip", "0,0,10,10", "full_page", "true"), 400,
                "clip", "at most one");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "accept_language", "de DE"), 400,
                "accept_language", "language tags");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "hide_selectors", "a{}"), 400,
                "hide_selectors", "braces");
        assertRefused(Fetch.get(app.url("/v1/screenshot"), "url", red, "media", "tv"), 400, "media", "screen, print");
    }
}
