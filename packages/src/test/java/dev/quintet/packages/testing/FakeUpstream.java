package dev.quintet.packages.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;

/**
 * An upstream registry on an ephemeral loopback port: serves bodies at raw paths (so {@code %2F} stays as sent),
 * answers 304 to a matching If-None-Match, records every request, and can be told to fail, stall or send garbage.
 */
public final class FakeUpstream implements AutoCloseable {

    /** How the fake answers every path. */
    public enum Mode { HEALTHY, FAILING, GARBAGE, SLOW, RATE_LIMITED }

    /** One request as received. */
    public record Seen(String rawPath, String ifNoneMatch, String userAgent) {
    }

    private record Route(byte[] body, String contentType, String etag, boolean gzip) {
    }

    private final HttpServer server;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private volatile Mode mode = Mode.HEALTHY;
    private volatile Duration delay = Duration.ZERO;
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicInteger mostActive = new AtomicInteger();

    private FakeUpstream(HttpServer server) {
        this.server = server;
    }

    public static FakeUpstream start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            FakeUpstream fake = new FakeUpstream(server);
            server.createContext("/", fake::answer);
            server.start();
            return fake;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Serves a classpath resource under {@code upstream/} at a raw path, with an ETag derived from its content. */
    public FakeUpstream serve(String rawPath, String resource, String contentType) {
        String body = resource(resource);
        return serveBody(rawPath, body, contentType);
    }

    public FakeUpstream serveBody(String rawPath, String body, String contentType) {
        return serveBytes(rawPath, body.getBytes(StandardCharsets.UTF_8), contentType, true);
    }

    /** Serves bytes as they are (a compressed index file), with or without an ETag derived from them. */
    public FakeUpstream serveBytes(String rawPath, byte[] body, String contentType, boolean etag) {
        routes.put(rawPath, new Route(body.clone(), contentType,
                etag ? "\"" + Integer.toHexString(Arrays.hashCode(body)) + "\"" : null, false));
        return this;
    }

    /** Stops serving a path: it answers 404 from now on. */
    public FakeUpstream forget(String rawPath) {
        routes.remove(rawPath);
        return this;
    }

    /** Reads a classpath resource under {@code upstream/} as bytes. */
    public static byte[] resourceBytes(String name) {
        try (InputStream in = FakeUpstream.class.getResourceAsStream("/upstream/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource upstream/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Serves a body gzip-compressed with {@code Content-Encoding: gzip}, whatever the client accepts (as nuget.org does). */
    public FakeUpstream serveGzipped(String rawPath, String body, String contentType) {
        routes.put(rawPath, new Route(body.getBytes(StandardCharsets.UTF_8), contentType,
                "\"" + Integer.toHexString(body.hashCode()) + "\"", true));
        return this;
    }

    public void mode(Mode mode) {
        this.mode = mode;
    }

    public void delay(Duration delay) {
        this.delay = delay;
    }

    /**
     * The most requests this fake has held at the same time before answering them. A request stops counting when its
     * answer starts, so a client that sends its next request as soon as it has an answer is never counted twice.
     */
    public int mostConcurrentRequests() {
        return mostActive.get();
    }

    public List<Seen> requests(String rawPath) {
        return seen.stream().filter(s -> s.rawPath().equals(rawPath)).toList();
    }

    public static String resource(String name) {
        try (InputStream in = FakeUpstream.class.getResourceAsStream("/upstream/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource upstream/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        String query = exchange.getRequestURI().getRawQuery();
        String key = query == null ? path : path + "?" + query;
        seen.add(new Seen(key, exchange.getRequestHeaders().getFirst("If-None-Match"),
                exchange.getRequestHeaders().getFirst("User-Agent")));
        try (exchange) {
            Mode current = mode;
            mostActive.accumulateAndGet(active.incrementAndGet(), Math::max);
            try {
                if (current == Mode.SLOW || !delay.isZero()) {
                    sleep(current == Mode.SLOW ? Duration.ofSeconds(5) : delay);
                }
            } finally {
                active.decrementAndGet();
            }
            if (current == Mode.FAILING) {
                send(exchange, 503, "upstream is down", "text/plain");
                return;
            }
            if (current == Mode.RATE_LIMITED) {
                exchange.getResponseHeaders().set("Retry-After", "120");
                send(exchange, 429, "slow down", "text/plain");
                return;
            }
            if (current == Mode.GARBAGE) {
                send(exchange, 200, "<html><body>maintenance</body></html>", "application/json");
                return;
            }
            Route route = routes.get(key);
            if (route == null) {
                send(exchange, 404, "{\"error\":\"not found\"}", "application/json");
                return;
            }
            if (route.etag() != null) {
                exchange.getResponseHeaders().set("ETag", route.etag());
            }
            if (route.etag() != null && route.etag().equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
                exchange.sendResponseHeaders(304, -1);
                return;
            }
            if (route.gzip()) {
                ByteArrayOutputStream zipped = new ByteArrayOutputStream();
                try (GZIPOutputStream out = new GZIPOutputStream(zipped)) {
                    out.write(route.body());
                }
                exchange.getResponseHeaders().set("Content-Encoding", "gzip");
                exchange.getResponseHeaders().set("Content-Type", route.contentType());
                exchange.sendResponseHeaders(200, zipped.size());
                exchange.getResponseBody().write(zipped.toByteArray());
                return;
            }
            send(exchange, 200, route.body(), route.contentType());
        }
    }

    private static void send(HttpExchange exchange, int status, String body, String type) throws IOException {
        send(exchange, status, body.getBytes(StandardCharsets.UTF_8), type);
    }

    private static void send(HttpExchange exchange, int status, byte[] bytes, String type) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
