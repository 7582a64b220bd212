package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testapp.EchoApplication;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.TestPlatform;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every API service describes itself at /openapi.json and shows that description at /docs, without a key. */
class ApiDocsTest {

    static TestPlatform platform;
    static String base;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(null);
        base = platform.startApp(EchoApplication.class, "router");
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @Test
    void describesTheRoutesAndBothWaysOfSendingAKey() {
        HttpResponse<String> r = Http.get(base + "/openapi.json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(JsonPath.<String>read(r.body(), "$.openapi")).startsWith("3.");
        assertThat(JsonPath.<String>read(r.body(), "$.info.title")).isEqualTo("Quintet router API");
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$.paths")).containsKeys("/api/v1/echo", "/api/v1/items",
                "/api/v1/whoami");
        assertThat(JsonPath.<String>read(r.body(), "$.components.securitySchemes.bearer.scheme")).isEqualTo("bearer");
        assertThat(JsonPath.<String>read(r.body(), "$.components.securitySchemes.api_key.in")).isEqualTo("query");
    }

    @Test
    void showsADocsPage() {
        HttpResponse<String> r = Http.get(base + "/docs");
        for (int hops = 0; hops < 3 && r.statusCode() / 100 == 3; hops++) {
            r = Http.get(URI.create(base + "/docs").resolve(r.headers().firstValue("Location").orElseThrow()).toString());
        }
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(r.body()).containsIgnoringCase("swagger");
    }
}
