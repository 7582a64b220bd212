package dev.quintet.capture.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.capture.testing.CaptureFixture;
import dev.quintet.capture.testing.Fetch;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every broken parameter rule answers 400 problem+json naming the parameter and the rule, before any render. */
class ParameterValidationTest {

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

    static Stream<Arguments> badInputs() {
        String ok = "http://127.0.0.1:9/page";
        return Stream.of(
                bad("/v1/screenshot", "url", "exactly one of url and html must be given, got neither"),
                bad("/v1/screenshot", "html", "exactly one of url and html must be given, got both",
                        "url", ok, "html", "<p>x</p>"),
                bad("/v1/screenshot", "width", "width must be 1..5000, got 0", "url", ok, "width", "0"),
                bad("/v1/screenshot", "width", "width must be 1..5000, got 5001", "url", ok, "width", "5001"),
                bad("/v1/screenshot", "width", "width must be an integer 1..5000, got \"wide\"", "url", ok,
                        "width", "wide"),
                bad("/v1/screenshot", "height", "height must be 1..10000, got 10001", "url", ok, "height", "10001"),
                bad("/v1/screenshot", "height", "height must be 1..10000, got -5", "url", ok, "height", "-5"),
                bad("/v1/screenshot", "format", "format must be one of png, jpeg, webp, got \"gif\"", "url", ok,
                        "format", "gif"),
                bad("/v1/screenshot", "quality", "quality must be 1..100, got 0", "url", ok, "format", "jpeg",
                        "quality", "0"),
                bad("/v1/screenshot", "quality", "quality must be 1..100, got 101", "url", ok, "format", "webp",
                        "quality", "101"),
                bad("/v1/screenshot", "quality", "quality applies to jpeg and webp only", "url", ok,
                        "quality", "50"),
                bad("/v1/screenshot", "device_scale_factor", "device_scale_factor must be a number 1..3, got \"4\"",
                        "url", ok, "device_scale_factor", "4"),
                bad("/v1/screenshot", "device_scale_factor", "device_scale_factor must be a number 1..3, got \"0.5\"",
                        "url", ok, "device_scale_factor", "0.5"),
                bad("/v1/screenshot", "full_page", "full_page must be true or false, got \"maybe\"", "url", ok,
                        "full_page", "maybe"),
                bad("/v1/screenshot", "dark_mode", "dark_mode must be true or false, got \"dark\"", "url", ok,
                        "dark_mode", "dark"),
                bad("/v1/screenshot", "block_ads", "block_ads must be true or false", "url", ok, "block_ads", "2"),
                bad("/v1/screenshot", "wait_until", "wait_until must be one of load, domcontentloaded, networkidle,"
                        + " got \"idle\"", "url", ok, "wait_until", "idle"),
                bad("/v1/screenshot", "delay", "delay must be 0..10000, got 10001", "url", ok, "delay", "10001"),
                bad("/v1/screenshot", "delay", "delay must be 0..10000, got -1", "url", ok, "delay", "-1"),
                bad("/v1/screenshot", "delay", "delay must be less than timeout (2000 ms), got 5000", "url", ok,
                        "delay", "5000", "timeout", "2000"),
                bad("/v1/screenshot", "timeout", "timeout must be 1000..60000, got 60001", "url", ok,
                        "timeout", "60001"),
                bad("/v1/screenshot", "timeout", "timeout must be 1000..60000, got 10", "url", ok, "timeout", "10"),
                bad("/v1/screenshot", "selector", "full_page, selector and clip each choose what to capture; give at most one", "url", ok,
                        "full_page", "true", "selector", "#a"),
                bad("/v1/screenshot", "max_height", "a jpeg full page is at most 65500 device px tall (max_height"
                        + " 32750 at device_scale_factor 2.0); use format png for taller pages, got 40000", "url", ok,
                        "full_page", "true", "format", "jpeg", "device_scale_factor", "2", "max_height", "40000"),
                bad("/v1/screenshot", "max_height", "max_height must be 1..50000, got 50001", "url", ok,
                        "full_page", "true", "format", "jpeg", "max_height", "50001"),
                bad("/v1/screenshot", "max_height", "a webp full page is at most 16000 device px tall (max_height"
                        + " 16000 at device_scale_factor 1.0); use format png or jpeg for up to 50000, got 16001",
                        "url", ok, "full_page", "true", "format", "webp", "max_height", "16001"),
                bad("/v1/screenshot", "response_type", "response_type must be one of binary, json, got \"xml\"",
                        "url", ok, "response_type", "xml"),
                bad("/v1/screenshot", "widht", "unknown parameter widht", "url", ok, "widht", "100"),
                bad("/v1/screenshot", "url", "url scheme must be http or https, got file", "url", "file:///etc/passwd"),
                bad("/v1/screenshot", "url", "url must be an absolute http or https URL", "url", "http://a b/"),
                bad("/v1/screenshot", "url", "url must have a host name", "url", "http:///x"),
                bad("/v1/screenshot", "url", "url scheme must be http or https, got none", "url", "example.com"),
                bad("/v1/pdf", "format", "format must be one of A0, A1, A2, A3, A4, A5, A6, Letter, Legal, Tabloid,"
                        + " Ledger, got \"B5\"", "url", ok, "format", "B5"),
                bad("/v1/pdf", "scale", "scale must be a number 0.1..2, got \"3\"", "url", ok, "scale", "3"),
                bad("/v1/pdf", "scale", "scale must be a number 0.1..2, got \"0.05\"", "url", ok, "scale", "0.05"),
                bad("/v1/pdf", "scale", "scale must be a number 0.1..2, got \"big\"", "url", ok, "scale", "big"),
                bad("/v1/pdf", "margin", "margin must be 1 to 4 CSS lengths", "url", ok, "margin", "1furlong"),
                bad("/v1/pdf", "margin", "margin must be 1 to 4 CSS lengths", "url", ok, "margin", "1cm 1cm 1cm 1cm 1cm"),
                bad("/v1/pdf", "margin_left", "margin_left must be a CSS length in px, in, cm or mm", "url", ok,
                        "margin_left", "-1cm"),
                bad("/v1/pdf", "page_ranges", "page_ranges must look like 1-3,5", "url", ok, "page_ranges", "one"),
                bad("/v1/pdf", "page_ranges", "page_ranges must look like 1-3,5", "url", ok, "page_ranges", "1;2"),
                bad("/v1/pdf", "page_height", "page_width and page_height must be given together", "url", ok,
                        "page_width", "10cm"),
                bad("/v1/pdf", "format", "format cannot be combined with page_width/page_height", "url", ok,
                        "format", "A4", "page_width", "10cm", "page_height", "10cm"),
                bad("/v1/pdf", "landscape", "landscape must be true or false", "url", ok, "landscape", "sideways"),
                bad("/v1/pdf", "print_background", "print_background must be true or false", "url", ok,
                        "print_background", "t"),
                bad("/v1/pdf", "quality", "unknown parameter quality", "url", ok, "quality", "80"),
                bad("/v1/extract", "format", "unknown parameter format", "url", ok, "format", "text"),
                bad("/v1/extract", "url", "exactly one of url and html must be given, got neither", "render", "false"),
                bad("/v1/extract", "render", "render must be true or false, got \"later\"", "url", ok,
                        "render", "later"),
                bad("/v1/extract", "width", "width needs a browser, so it cannot be combined with render=false",
                        "url", ok, "render", "false", "width", "400"),
                bad("/v1/extract", "js", "js needs a browser, so it cannot be combined with render=false",
                        "html", "<p>x</p>", "render", "false", "js", "1"),
                bad("/v1/extract", "response_type", "unknown parameter response_type", "url", ok,
                        "response_type", "json"));
    }

    private static Arguments bad(String route, String param, String message, String... pairs) {
        return Arguments.of(route, param, message, pairs);
    }

    @ParameterizedTest(name = "{0} {3} -> {2}")
    @MethodSource("badInputs")
    void answers400NamingTheParameterAndRule(String route, String param, String message, String[] pairs) {
        HttpResponse<byte[]> response = Fetch.get(app.url(route), pairs);

        String body = Fetch.text(response);
        assertThat(response.statusCode()).as(body).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                t -> assertThat(t).startsWith("application/problem+json"));
        assertThat((String) JsonPath.read(body, "$.detail")).contains(message);
        assertThat(body).contains(param);
    }

    @Test
    void postBodyIsValidatedWithTheSameRules() {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"),
                "{\"html\":\"<p>x</p>\",\"width\":0}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.detail")).isEqualTo("width must be 1..5000, got 0");
    }

    @Test
    void postBodyRefusesNestedValuesWhereTheParameterTakesNone() {
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/pdf"), "{\"html\":\"<p>x</p>\",\"margin\":{}}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.param")).isEqualTo("margin");
        assertThat((String) JsonPath.read(Fetch.text(response), "$.detail")).startsWith("margin must be 1 to 4 CSS lengths");
    }

    @Test
    void parameterGivenTwiceIsRefused() {
        HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot?width=1&width=2&html=x"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(Fetch.text(response), "$.detail")).contains("width must be given once");
    }

    @Test
    void requiresAnApiKey() {
        HttpResponse<byte[]> response = Fetch.get(app.baseUrl + "/v1/screenshot", "html", "<p>x</p>");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"capture\"");
    }
}
