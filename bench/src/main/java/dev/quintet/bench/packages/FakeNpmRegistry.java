package dev.quintet.bench.packages;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback npm registry answering every {@code bench-} name with one recorded packument, the recorded name replaced
 * by the asked one, with an ETag (and 304 to a matching If-None-Match). Names starting with {@link #SLOW_PREFIX} are
 * answered after a fixed delay, as a distant registry would.
 */
final class FakeNpmRegistry implements AutoCloseable {

    static final String SLOW_PREFIX = "bench-slow-";

    private final HttpServer server;
    private final ExecutorService threads;
    private final AtomicLong packuments = new AtomicLong();

    private FakeNpmRegistry(HttpServer server, ExecutorService threads) {
        this.server = server;
        this.threads = threads;
    }

    /**
     * Starts the registry on a free loopback port. The JDK server sends the headers and the body of an answer in two
     * writes; without TCP_NODELAY the body waits for the client's delayed ACK, about 40 ms, so it is turned on here
     * (the setting is read once per process, when the first JDK server starts).
     */
    static FakeNpmRegistry start(String packument, String recordedName, Duration delay) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
        FakeNpmRegistry registry = new FakeNpmRegistry(server, threads);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            try (exchange) {
                registry.answer(exchange, packument, recordedName, delay);
            }
        });
        server.start();
        return registry;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** How many packuments were sent whole (not 304, not 404). */
    long packuments() {
        return packuments.get();
    }

    private void answer(HttpExchange exchange, String packument, String recordedName, Duration delay)
            throws IOException {
        String name = exchange.getRequestURI().getPath().substring(1);
        if (!name.matches("bench-[a-z0-9-]+")) {
            exchange.sendResponseHeaders(404, -1);
            return;
        }
        if (name.startsWith(SLOW_PREFIX)) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(503, -1);
                return;
            }
        }
        String etag = "\"" + name + "-1\"";
        exchange.getResponseHeaders().set("ETag", etag);
        if (etag.equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
            exchange.sendResponseHeaders(304, -1);
            return;
        }
        byte[] body = packument.replace(recordedName, name).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        packuments.incrementAndGet();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.close();
    }
}
