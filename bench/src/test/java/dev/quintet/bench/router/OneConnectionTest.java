package dev.quintet.bench.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.quintet.bench.LoadDriver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The concurrency-1 client reads whole answers, sized or chunked, on one connection, and fails on other statuses. */
class OneConnectionTest {

    private HttpServer server;
    private final AtomicInteger bodiesRead = new AtomicInteger();
    private final Set<Object> connections = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/sized", exchange -> answer(exchange, 200, "{\"answer\":\"sized\"}".length()));
        server.createContext("/chunked", exchange -> answer(exchange, 200, 0));
        server.createContext("/refused", exchange -> answer(exchange, 429, -1));
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void readsSizedAndChunkedAnswersOverOneConnection() throws IOException {
        for (String path : new String[] {"/sized", "/chunked"}) {
            connections.clear();
            bodiesRead.set(0);
            try (OneConnection client = new OneConnection(url(path), Map.of("Authorization", "Bearer k"), "{\"q\":1}")) {
                LoadDriver.Result result = client.run(Duration.ofMillis(300));

                assertThat(result.requests()).isGreaterThan(10).isEqualTo(bodiesRead.get());
                assertThat(result.p50Micros()).isPositive().isLessThanOrEqualTo(result.p99Micros());
                assertThat(connections).hasSize(1);
            }
        }
    }

    @Test
    void anyOtherStatusFailsTheRun() {
        assertThatThrownBy(() -> {
            try (OneConnection client = new OneConnection(url("/refused"), Map.of(), "{}")) {
                client.run(Duration.ofMillis(300));
            }
        }).isInstanceOf(IOException.class).hasMessageContaining("429");
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Answers with {@code length} as {@code sendResponseHeaders} takes it: 0 chunked, -1 no body. */
    private void answer(HttpExchange exchange, int status, long length) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (body.startsWith("{") && "Bearer k".equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                bodiesRead.incrementAndGet();
            }
            connections.add(exchange.getRemoteAddress());
            exchange.sendResponseHeaders(status, length);
            if (length >= 0) {
                exchange.getResponseBody().write("{\"answer\":\"sized\"}".getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
