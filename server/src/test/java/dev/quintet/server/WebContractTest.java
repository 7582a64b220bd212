package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.TestPlatform;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** CORS, framework errors in each service's shape, health, and keys kept out of logs, on every API-key service. */
@ExtendWith(OutputCaptureExtension.class)
class WebContractTest {

    static TestPlatform platform;
    static KeyedServices services;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(null);
        services = new KeyedServices(platform);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static Stream<String> keyed() {
        return KeyedServices.NAMES.stream();
    }

    static boolean browserCallable(String service) {
        return service.equals("router") || service.equals("packages");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void answersCorsPreflightOnlyWhereBrowsersMayCall(String service) {
        HttpResponse<String> preflight = Http.send(Http.request(services.url(service) + "/api/v1/whoami",
                        "Origin", "https://app.example", "Access-Control-Request-Method", "GET",
                        "Access-Control-Request-Headers", "authorization,content-type")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());

        if (browserCallable(service)) {
            assertThat(preflight.statusCode()).isEqualTo(204);
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers").orElseThrow()).containsIgnoringCase("authorization");
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods").orElseThrow()).contains("GET", "POST");
        } else {
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods")).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void exposesRateLimitHeadersToBrowsersOnlyWhereBrowsersMayCall(String service) {
        IssuedKey key = platform.newKey(service);
        HttpResponse<String> response = Http.get(services.url(service) + "/api/v1/whoami",
                "Origin", "https://app.example", "Authorization", "Bearer " + key.secret());

        assertThat(response.statusCode()).isEqualTo(200);
        if (browserCallable(service)) {
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
            assertThat(response.headers().firstValue("Access-Control-Expose-Headers").orElseThrow())
                    .contains("RateLimit", "RateLimit-Policy", "X-RateLimit-Remaining", "Retry-After");
        } else {
            assertThat(response.headers().map().keySet()).noneMatch(h -> h.toLowerCase().startsWith("access-control-"));
        }
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void rendersFrameworkErrorsInTheServiceShape(String service) {
        IssuedKey key = platform.newKey(service);
        String base = services.url(service);
        String auth = "Bearer " + key.secret();

        HttpResponse<String> notFound = Http.get(base + "/api/v1/no-such-route", "Authorization", auth);
        assertError(service, notFound, 404, "not_found");
        assertThat(notFound.headers().allValues("RateLimit")).as("one set of quota fields").hasSize(1);
        HttpResponse<String> notFoundAgain = Http.get(base + "/api/v1/no-such-route", "Authorization", auth);
        assertThat(remaining(notFoundAgain)).as("each refused request counts once").isEqualTo(remaining(notFound) - 1);

        HttpResponse<String> wrongMethod = Http.send("DELETE", base + "/api/v1/whoami", null, "Authorization", auth);
        assertError(service, wrongMethod, 405, "method_not_allowed");
        assertThat(wrongMethod.headers().firstValue("Allow").orElseThrow()).contains("GET");

        HttpResponse<String> notAcceptable = Http.get(base + "/api/v1/whoami", "Authorization", auth, "Accept", "application/xml");
        assertError(service, notAcceptable, 406, "not_acceptable");

        String tooLarge = declareHugeBody(base, auth);
        assertThat(tooLarge).startsWith("HTTP/1.1 413").containsIgnoringCase("Content-Type: " + KeyedServices.errorContentType(service))
                .contains("body_too_large");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void rendersRequestsTheContainerRefusesInTheServiceShape(String service) {
        String answer = exchange(services.url(service), "GET /api/v1/%zz HTTP/1.1");
        assertThat(answer).startsWith("HTTP/1.1 400")
                .containsIgnoringCase("Content-Type: " + KeyedServices.errorContentType(service))
                .containsIgnoringCase("X-Request-Id: ").contains("bad_request", "percent-escapes")
                .doesNotContain("<html");
        HttpResponse<String> hugeHeader = Http.get(services.url(service) + "/api/v1/whoami",
                "X-Padding", "a".repeat(20_000));
        assertError(service, hugeHeader, 400, "bad_request");
        assertThat(hugeHeader.body()).contains("8 KB");
    }

    private static long remaining(HttpResponse<String> response) {
        return Long.parseLong(response.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
    }

    /** Announces a 1 GiB body and sends none: every service must refuse it from the header alone. */
    private static String declareHugeBody(String base, String auth) {
        return exchange(base, "POST /api/v1/whoami HTTP/1.1\r\nAuthorization: " + auth
                + "\r\nContent-Type: application/json\r\nContent-Length: 1073741824");
    }

    /**
     * Sends {@code head} (a request line and any fields) with {@code Host} and {@code Connection: close} over a plain
     * socket, as no HTTP client would send it, and reads the answer.
     */
    private static String exchange(String base, String head) {
        java.net.URI uri = java.net.URI.create(base);
        try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(10_000);
            String request = head + "\r\nHost: " + uri.getHost() + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return readResponse(socket.getInputStream());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Reads one response by its Content-Length; the server may keep the connection open. */
    private static String readResponse(java.io.InputStream in) throws java.io.IOException {
        java.io.ByteArrayOutputStream seen = new java.io.ByteArrayOutputStream();
        int headerEnd = -1;
        while (headerEnd < 0) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            seen.write(b);
            headerEnd = seen.toString(java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n");
        }
        String head = seen.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        byte[] body = length.find() ? in.readNBytes(Integer.parseInt(length.group(1))) : new byte[0];
        return head + new String(body, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void assertError(String service, HttpResponse<String> response, int status, String code) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith(KeyedServices.errorContentType(service));
        assertThat(KeyedServices.errorCode(service, response)).isEqualTo(code);
        assertThat(response.headers().firstValue("X-Request-Id")).isPresent();
        assertThat(response.body()).doesNotContain("Exception", "at dev.", "<html");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void reportsHealthWithBuildVersionWithoutAKey(String service) {
        HttpResponse<String> health = Http.get(services.url(service) + "/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"up\"", "\"version\":\"", "\"service\":\"" + service + "\"");
        assertThat(health.body()).doesNotContain("project.version");

        HttpResponse<String> metrics = Http.get(services.url(service) + "/metrics");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("http_server_requests");
    }

    @ParameterizedTest
    @MethodSource("keyed")
    void describesItsApiAtOpenapiJsonWithoutAKey(String service) {
        HttpResponse<String> api = Http.get(services.url(service) + "/openapi.json");
        assertThat(api.statusCode()).isEqualTo(200);
        assertThat(api.body()).contains("\"openapi\":\"3.", "\"title\":\"Quintet " + service + " API\"", "\"/api/v1/whoami\"");
        assertThat(Http.get(services.url(service) + "/docs").statusCode()).isIn(200, 302);
    }

    @Test
    void neverWritesAFullKeyToTheLogs(CapturedOutput output) {
        for (String service : KeyedServices.NAMES) {
            IssuedKey key = platform.newKey(service);
            String base = services.url(service);
            Http.get(base + "/api/v1/whoami?api_key=" + key.secret());
            Http.get(base + "/api/v1/whoami?key=" + key.secret());
            Http.get(base + "/api/v1/whoami?other=1&api_key=" + key.secret() + "x");
            Http.get(base + "/api/v1/" + key.secret(), "Authorization", "Bearer " + key.secret());
            Http.get(base + "/api/v1/whoami", "X-API-Key", key.secret());
            assertThat(output.getAll()).doesNotContain(key.secret());
        }
        assertThat(output.getAll()).contains("api_key=[redacted]");
    }
}
