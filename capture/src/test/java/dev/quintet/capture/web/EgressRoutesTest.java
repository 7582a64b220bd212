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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SSRF defences over HTTP. Only loopback servers are contacted: every other address in these tests is refused
 * before any connection is made. The canary on 127.0.0.2 must never be reached.
 */
class EgressRoutesTest {

    static CaptureFixture app;
    static CaptureFixture strict;

    @BeforeAll
    static void start() {
        app = CaptureFixture.start();
        strict = CaptureFixture.start("--quintet.capture.allowed-networks=");
    }

    @AfterAll
    static void stop() {
        if (strict != null) {
            strict.close();
        }
        if (app != null) {
            app.close();
        }
    }

    @BeforeEach
    void clear() {
        app.canary.clearHits();
        strict.canary.clearHits();
    }

    @Test
    void refusesALoopbackUrlWith400NamingTheRuleByDefault() {
        HttpResponse<byte[]> response = Fetch.get(strict.url("/v1/screenshot"), "url", strict.site.base() + "/red");

        String body = Fetch.text(response);
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(body, "$.detail"))
                .isEqualTo("url must point to a public address: 127.0.0.1 is loopback (127.0.0.0/8)");
        assertThat((String) JsonPath.read(body, "$.code")).isEqualTo("invalid_parameter");
        assertThat(strict.site.hits()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://localhost:PORT/", "http://[::1]:PORT/", "http://127.0.0.2:PORT/",
        "http://2130706433:PORT/", "http://0x7f.0.0.2:PORT/", "http://[::ffff:127.0.0.2]:PORT/",
        "http://0.0.0.0:PORT/", "http://10.0.0.1/", "http://192.168.0.1/", "http://172.16.0.1/",
        "http://169.254.169.254/latest/meta-data/", "HTTP://169.254.169.254/", "http://100.64.0.1/",
        "http://[fd00::1]/", "http://metadata.google.internal/", "file:///etc/passwd", "FILE:///etc/passwd",
        "chrome://version", "view-source:http://127.0.0.2:PORT/", "data:text/html,<h1>x</h1>",
        "ftp://127.0.0.2:PORT/", "ws://127.0.0.2:PORT/"})
    void refusesPrivateAddressesAndOtherSchemesBeforeConnecting(String url) {
        String target = url.replace("PORT", String.valueOf(strict.canary.port()));
        for (String route : new String[] {"/v1/screenshot", "/v1/pdf", "/v1/extract"}) {
            HttpResponse<byte[]> response = Fetch.get(strict.url(route), "url", target);

            assertThat(response.statusCode()).as(route + " " + Fetch.text(response)).isEqualTo(400);
            assertThat(Fetch.text(response)).contains("\"param\"").contains("url");
        }
        assertThat(strict.canary.hits()).isEmpty();
    }

    @Test
    void refusesARedirectFromAnAllowedPageToAPrivateAddress() {
        CaptureFixture.assumeChromium();
        String[] targets = {app.canary.base() + "/after-redirect", "http://169.254.169.254/latest/meta-data/",
            "http://10.0.0.1/internal"};
        for (String target : targets) {
            HttpResponse<byte[]> response = Fetch.get(app.url("/v1/screenshot"), "url",
                    app.site.base() + "/redirect?to=" + target);

            String body = Fetch.text(response);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat((String) JsonPath.read(body, "$.detail")).startsWith("url redirected to a refused address");
        }
        assertThat(app.canary.hits()).isEmpty();
        assertThat(app.site.hits()).anyMatch(h -> h.startsWith("/redirect"));
    }

    @Test
    void blocksSubResourcesNavigationsAndSocketsToPrivateAddresses() {
        CaptureFixture.assumeChromium();
        String canary = app.canary.base();
        String html = "<img src='" + canary + "/img'>"
                + "<img src='http://10.0.0.1/img'><img src='http://169.254.169.254/img'>"
                + "<link rel=stylesheet href='" + canary + "/css'>"
                + "<iframe src='" + canary + "/frame'></iframe><iframe src='file:///etc/passwd'></iframe>"
                + "<img src='" + app.site.base() + "/redirect?to=" + canary + "/img-redirect'>"
                + "<img src='" + app.site.base() + "/plain?allowed-subresource'>"
                + "<script>fetch('" + canary + "/fetch').catch(() => {});"
                + "try { new WebSocket('ws://127.0.0.2:" + app.canary.port() + "/ws'); } catch (e) {}"
                + "setTimeout(() => { location.href = '" + canary + "/js-navigation'; }, 50);</script>";
        HttpResponse<byte[]> response = Fetch.postJson(app.url("/v1/screenshot"),
                "{\"html\":\"" + html.replace("\"", "\\\"") + "\",\"delay\":800,\"wait_until\":\"load\"}");

        assertThat(response.statusCode()).as(Fetch.text(response)).isEqualTo(200);
        assertThat(app.canary.hits()).isEmpty();
        assertThat(app.site.hits()).contains("/plain?allowed-subresource");
    }
}
