package dev.quintet.capture.testing;

import dev.quintet.platform.testing.Http;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Calls the capture routes over HTTP and keeps bodies as bytes. */
public final class Fetch {

    private Fetch() {
    }

    /** GET with query pairs: {@code get(url, "width", "400")}; values are URL-encoded. */
    public static HttpResponse<byte[]> get(String url, String... pairs) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            params.put(pairs[i], pairs[i + 1]);
        }
        String query = params.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        String target = query.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + query;
        return send(HttpRequest.newBuilder(URI.create(target)).timeout(Duration.ofSeconds(90)).GET().build());
    }

    public static HttpResponse<byte[]> postJson(String url, String json) {
        return send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(90))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    public static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static HttpResponse<byte[]> send(HttpRequest request) {
        try {
            return Http.client().send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
