package dev.quintet.router.providers;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTTP side every adapter shares: a JSON POST with the upstream timeout, answered as an {@link UpstreamResponse}.
 * HTTPS endpoints negotiate HTTP/2; plain-HTTP ones (local servers) get HTTP/1.1, since many of them mishandle the
 * h2c upgrade on a POST.
 */
public final class UpstreamHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http;
    private final Duration timeout;

    public UpstreamHttp(HttpClient http, Duration timeout) {
        this.http = http;
        this.timeout = timeout;
    }

    /** POSTs {@code body} to {@code uri} with {@code headers} added. */
    public UpstreamResponse post(URI uri, Map<String, String> headers, ObjectNode body, boolean stream)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", stream ? "text/event-stream" : "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
        if ("http".equals(uri.getScheme())) {
            request.version(HttpClient.Version.HTTP_1_1);
        }
        headers.forEach(request::header);
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        return new UpstreamResponse(response.statusCode(), retryAfter(response), response.body());
    }

    static Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(v -> {
            try {
                long seconds = Long.parseLong(v.trim());
                return seconds >= 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }
}
