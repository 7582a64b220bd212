package dev.quintet.packages.registry;

import dev.quintet.platform.web.RetryAfter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * GETs upstream documents with a timeout and conditional-request headers; turns every unusable outcome into an
 * {@link UpstreamFailure} that names the upstream and what went wrong. Answers may come gzip-compressed (NuGet's
 * registration documents always do); they are decompressed here.
 */
public final class UpstreamHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient client;
    private final Duration timeout;
    private final String userAgent;

    public UpstreamHttp(HttpClient client, Duration timeout, String userAgent) {
        this.client = client;
        this.timeout = timeout;
        this.userAgent = userAgent;
    }

    /** GET that answers 200, 304 or 404/410, or throws. */
    public UpstreamResponse get(URI uri, Validators known, String accept) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET()
                .header("User-Agent", userAgent).header("Accept", accept).header("Accept-Encoding", "gzip");
        if (known != null && known.etag() != null) {
            request.header("If-None-Match", known.etag());
        }
        if (known != null && known.lastModified() != null) {
            request.header("If-Modified-Since", known.lastModified());
        }
        HttpResponse<byte[]> response = send(uri, request.build());
        int status = response.statusCode();
        if (status == 200 || status == 304 || status == 404 || status == 410) {
            Validators validators = new Validators(response.headers().firstValue("ETag").orElse(null),
                    response.headers().firstValue("Last-Modified").orElse(null));
            return new UpstreamResponse(status, body(uri, response), validators, response.headers());
        }
        Optional<Duration> retryAfter =
                RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), Instant.now());
        String detail = "upstream " + host(uri) + " answered HTTP " + status + " for " + uri.getPath();
        if (status == 429 || status == 503 && retryAfter.isPresent()) {
            throw UpstreamFailure.rateLimited(detail, retryAfter.orElse(Duration.ofMinutes(1)));
        }
        throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, detail);
    }

    /** Turns a JSON document into a project; throws {@link IllegalStateException} when it is not one. */
    @FunctionalInterface
    public interface JsonProject {
        UpstreamProject parse(JsonNode document);
    }

    /**
     * Fetches a project's JSON document conditionally: missing, not modified, or parsed; an unparseable answer is
     * an {@link UpstreamFailure} saying the document was not {@code what}.
     */
    public ProjectFetch fetchJson(URI uri, Validators known, String what, JsonProject parser) {
        UpstreamResponse response = get(uri, known, "application/json");
        if (response.missing()) {
            return new ProjectFetch.Missing();
        }
        if (response.notModified()) {
            return new ProjectFetch.NotModified(response.validators());
        }
        try {
            return new ProjectFetch.Fetched(parser.parse(JSON.readTree(response.body())), response.validators());
        } catch (JacksonException | IllegalStateException e) {
            throw badAnswer(uri, "not " + what).failure(e);
        }
    }

    /** GET that must answer 200 with a body; 404 and 304 are failures too. */
    public UpstreamResponse require(URI uri, String accept) {
        UpstreamResponse response = get(uri, Validators.NONE, accept);
        if (response.status() != 200) {
            throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER,
                    "upstream " + host(uri) + " answered HTTP " + response.status() + " for " + uri.getPath());
        }
        return response;
    }

    /** GETs a JSON document that must exist (200); an unparseable one is a failure saying it was not {@code what}. */
    public JsonNode requireJson(URI uri, String what) {
        return parse(uri, require(uri, "application/json").body(), what);
    }

    /**
     * GETs a JSON document that must exist and reads it; a reader's {@link IllegalStateException} (the document
     * lacks what it needs) is a failure saying the document was not {@code what}.
     */
    public <T> T requireJson(URI uri, String what, java.util.function.Function<JsonNode, T> reader) {
        JsonNode document = requireJson(uri, what);
        try {
            return reader.apply(document);
        } catch (IllegalStateException e) {
            throw badAnswer(uri, "not " + what).failure(e);
        }
    }

    /** GETs a JSON document that may be missing (404/410: empty). */
    public Optional<JsonNode> optionalJson(URI uri, String what) {
        UpstreamResponse response = get(uri, Validators.NONE, "application/json");
        if (response.missing()) {
            return Optional.empty();
        }
        if (response.status() != 200) {
            throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER,
                    "upstream " + host(uri) + " answered HTTP " + response.status() + " for " + uri.getPath());
        }
        return Optional.of(parse(uri, response.body(), what));
    }

    /** The base URL (with or without a trailing slash) followed by a path that starts with {@code /}. */
    public static URI resolve(URI base, String path) {
        return URI.create(base.toString().replaceFirst("/+$", "") + path);
    }

    private static JsonNode parse(URI uri, String body, String what) {
        try {
            JsonNode node = JSON.readTree(body);
            if (node == null || node.isMissingNode()) {
                throw badAnswer(uri, "not " + what + " (empty)").failure(null);
            }
            return node;
        } catch (JacksonException e) {
            throw badAnswer(uri, "not " + what).failure(e);
        }
    }

    private static String body(URI uri, HttpResponse<byte[]> response) {
        byte[] bytes = response.body() == null ? new byte[0] : response.body();
        boolean gzip = response.headers().firstValue("Content-Encoding").map(e -> e.strip().equalsIgnoreCase("gzip"))
                .orElse(false);
        if (!gzip || bytes.length == 0) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw badAnswer(uri, "a gzip body that does not decompress").failure(e);
        }
    }

    private HttpResponse<byte[]> send(URI uri, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.TIMEOUT,
                    "upstream " + host(uri) + " did not answer within " + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE,
                    "upstream " + host(uri) + " could not be reached: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "interrupted while calling " + host(uri), e);
        }
    }

    public static String host(URI uri) {
        return uri.getPort() == -1 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
    }

    public static BadAnswer badAnswer(URI uri, String what) {
        return new BadAnswer(uri, what);
    }

    /** Builds the failure for a document that does not have the upstream's documented shape. */
    public record BadAnswer(URI uri, String what) {
        public UpstreamFailure failure(Throwable cause) {
            return new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER,
                    "upstream " + host(uri) + " sent an unreadable answer for " + uri.getPath() + ": " + what, cause);
        }
    }
}
