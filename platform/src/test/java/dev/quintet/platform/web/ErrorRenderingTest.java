package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testapp.EchoApplication;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.TestPlatform;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every failure the framework can produce comes out as problem+json naming the parameter and rule; JSON conventions. */
class ErrorRenderingTest {

    static TestPlatform platform;
    static String base;
    static String auth;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(null);
        base = platform.startApp(EchoApplication.class, "router");
        IssuedKey key = platform.newKey("router");
        auth = "Bearer " + key.secret();
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    private static HttpResponse<String> post(String body, String contentType) {
        return Http.send("POST", base + "/api/v1/echo", body, "Authorization", auth, "Content-Type", contentType);
    }

    private static void assertProblem(HttpResponse<String> r, int status, String code) {
        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat((String) JsonPath.read(r.body(), "$.code")).isEqualTo(code);
        assertThat((Integer) JsonPath.read(r.body(), "$.status")).isEqualTo(status);
        assertThat((String) JsonPath.read(r.body(), "$.type")).isEqualTo("urn:quintet:problem:" + code);
        assertThat((String) JsonPath.read(r.body(), "$.request_id")).isEqualTo(r.headers().firstValue("X-Request-Id").orElseThrow());
        assertThat(r.body()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void writesSnakeCaseIsoTimesAndOmitsNulls() {
        HttpResponse<String> r = post("{\"message_text\":\"hi\",\"at\":\"2026-03-01T10:00:00Z\",\"count\":2}", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("{\"message_text\":\"hi\",\"at\":\"2026-03-01T10:00:00Z\",\"count\":2}");
    }

    @Test
    void malformedJsonIs400() {
        assertProblem(post("{\"message_text\":", "application/json"), 400, "malformed_body");
    }

    @Test
    void wrongContentTypeIs415() {
        assertProblem(post("message_text=hi", "application/x-www-form-urlencoded"), 415, "unsupported_media_type");
    }

    @Test
    void badParameterTypeIs400NamingTheParameter() {
        HttpResponse<String> r = Http.get(base + "/api/v1/items?limit=ten", "Authorization", auth);
        assertProblem(r, 400, "invalid_parameter");
        assertThat((String) JsonPath.read(r.body(), "$.param")).isEqualTo("limit");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).isEqualTo("limit must be an integer, got 'ten'");
    }

    @Test
    void missingParameterIs400() {
        HttpResponse<String> r = Http.get(base + "/api/v1/items", "Authorization", auth);
        assertProblem(r, 400, "missing_parameter");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).isEqualTo("limit is required");
    }

    @Test
    void ruleViolationsNameTheRule() {
        HttpResponse<String> r = Http.get(base + "/api/v1/items?limit=0", "Authorization", auth);
        assertProblem(r, 400, "invalid_parameter");
        assertThat((String) JsonPath.read(r.body(), "$.detail")).isEqualTo("limit must be 1..100, got 0");
    }

    @Test
    void unexpectedFailuresAre500WithoutInternals() {
        HttpResponse<String> r = Http.get(base + "/api/v1/boom", "Authorization", auth);
        assertProblem(r, 500, "internal_error");
        assertThat(r.body()).doesNotContain("secret internal detail");
    }

    @Test
    void expectedFailuresCarryTheirHeaders() {
        HttpResponse<String> r = Http.get(base + "/api/v1/busy", "Authorization", auth);
        assertProblem(r, 503, "upstream_unavailable");
        assertThat(r.headers().firstValue("Retry-After")).hasValue("30");
    }

    @Test
    void declaredBodyOverTheLimitIs413() {
        assertProblem(post("{\"message_text\":\"" + "x".repeat(20_000) + "\"}", "application/json"), 413, "body_too_large");
    }

    @Test
    void chunkedBodyOverTheLimitIs413() {
        byte[] big = ("{\"message_text\":\"" + "x".repeat(20_000) + "\"}").getBytes();
        HttpRequest request = Http.request(base + "/api/v1/echo", "Authorization", auth, "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                .build();
        assertProblem(Http.send(request), 413, "body_too_large");
    }
}
