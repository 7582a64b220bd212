package dev.quintet.router.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The upstream connection pool against a real server on a loopback port: its clean-up thread is not woken by each
 * call that gives its connection back, and still closes connections left idle past their time.
 */
class IdleConnectionsTest {

    private HttpServer server;
    private IdleConnections idle;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", IdleConnectionsTest::answer);
        server.start();
    }

    @AfterEach
    void stop() {
        idle.close();
        server.stop(0);
    }

    @Test
    void callsDoNotWakeTheCleanUpThread() throws IOException {
        idle = new IdleConnections(4, Duration.ofSeconds(30), Duration.ofSeconds(1));
        OkHttpClient client = client();
        long started = System.nanoTime();
        for (int i = 0; i < 300; i++) {
            call(client);
        }
        long periods = Duration.ofNanos(System.nanoTime() - started).toSeconds() + 1;

        assertThat(idle.pool().connectionCount()).isEqualTo(1);
        // about one a period (a clean-up that a call asks for while another runs may add one); OkHttp's own pool
        // wakes its clean-up once per call given back: 300 here
        assertThat(idle.wakeUps()).isLessThanOrEqualTo(2 * periods + 4);
    }

    @Test
    void closesConnectionsIdleLongerThanTheirTime() throws Exception {
        idle = new IdleConnections(4, Duration.ofMillis(300), Duration.ofMillis(50));
        OkHttpClient client = client();
        call(client);
        assertThat(idle.pool().idleConnectionCount()).isEqualTo(1);

        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (idle.pool().connectionCount() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(idle.pool().connectionCount()).isZero();
    }

    @Test
    void keepsNoMoreIdleConnectionsThanAllowed() throws Exception {
        idle = new IdleConnections(1, Duration.ofSeconds(30), Duration.ofMillis(50));
        OkHttpClient client = client();
        try (Response first = client.newCall(request()).execute();
             Response second = client.newCall(request()).execute()) {
            first.body().string();
            second.body().string();
        }
        assertThat(idle.pool().connectionCount()).isEqualTo(2);

        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (idle.pool().connectionCount() > 1 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(idle.pool().connectionCount()).isEqualTo(1);
    }

    private OkHttpClient client() {
        return new OkHttpClient.Builder().connectionPool(idle.pool()).build();
    }

    private void call(OkHttpClient client) throws IOException {
        try (Response response = client.newCall(request()).execute()) {
            assertThat(response.body().string()).isEqualTo("ok");
        }
    }

    private Request request() {
        return new Request.Builder().url("http://127.0.0.1:" + server.getAddress().getPort() + "/").build();
    }

    private static void answer(HttpExchange exchange) throws IOException {
        byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
