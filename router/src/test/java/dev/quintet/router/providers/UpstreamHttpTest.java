package dev.quintet.router.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The upstream HTTP client against real servers on loopback ports: connections kept for the next call (also after a
 * stream read up to its {@code [DONE]}) and replaced when the server closed them, answers given up without reading them
 * to their end, cancels from another thread, and silence past the timeout: before the answer, inside a body and while
 * the request is still being sent, but not the time a reader spends away from its reads.
 */
class UpstreamHttpTest {

    private static final ObjectNode BODY = JsonMapper.builder().build().createObjectNode().put("model", "m");
    /** Long enough that a test waiting for it would fail by its bound rather than pass late. */
    private static final long STALL_MILLIS = 30_000;

    private final List<Integer> clientPorts = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private HttpServer server;
    private UpstreamHttp http;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
        http = new UpstreamHttp(Duration.ofSeconds(2), Duration.ofSeconds(1));
    }

    @AfterEach
    void stop() {
        released.countDown();
        http.close();
        server.stop(0);
    }

    @Test
    void keepsTheConnectionOfAnAnswerReadToItsEndForTheNextCall() throws IOException {
        for (int i = 0; i < 3; i++) {
            try (UpstreamResponse response = post("/ok", false)) {
                assertThat(response.status()).isEqualTo(200);
                assertThat(new String(response.body().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"ok\":true}");
            }
        }

        assertThat(clientPorts).hasSize(3).containsOnly(clientPorts.getFirst());
    }

    @Test
    void keepsTheConnectionOfAStreamLeftAtItsDoneMarkForTheNextCall() throws IOException {
        for (int i = 0; i < 2; i++) {
            try (UpstreamResponse response = post("/done", true)) {
                String text = "";
                byte[] part = new byte[256];
                while (!text.contains("[DONE]")) { // as the relay reads: up to the mark, not to the end
                    int n = response.body().read(part);
                    assertThat(n).as("the stream ended before its [DONE]").isPositive();
                    text += new String(part, 0, n, StandardCharsets.UTF_8);
                }
            }
        }

        assertThat(clientPorts).hasSize(2).containsOnly(clientPorts.getFirst());
    }

    @Test
    void sendsARequestAgainOnANewConnectionWhenTheKeptOneWasClosedByTheServer() throws Exception {
        try (ServerSocket closesAfterEachAnswer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Integer> connectionsServed = new CopyOnWriteArrayList<>();
            Thread.ofVirtual().start(() -> answerOnceThenClose(closesAfterEachAnswer, connectionsServed));
            URI uri = URI.create("http://127.0.0.1:" + closesAfterEachAnswer.getLocalPort() + "/ok");

            try (UpstreamResponse first = http.post(uri, Map.of(), BODY, false)) {
                first.body().readAllBytes();
            }
            Thread.sleep(200); // the server has closed the connection the client keeps
            try (UpstreamResponse second = http.post(uri, Map.of(), BODY, false)) {
                assertThat(second.status()).isEqualTo(200);
                assertThat(second.body().readAllBytes()).isNotEmpty();
            }

            assertThat(connectionsServed).hasSize(2).doesNotHaveDuplicates();
        }
    }

    @Test
    void givesUpAnAnswerWithoutWaitingForTheRestOfIt() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            try (UpstreamResponse response = post("/endless-error", false)) {
                assertThat(response.status()).isEqualTo(500);
                assertThat(response.retryAfter()).contains(Duration.ofSeconds(7));
                assertThat(new String(response.readBody(5), StandardCharsets.UTF_8)).isEqualTo("error");
            }
        });
    }

    @Test
    void readsARetryAfterGivenAsADate() throws IOException {
        try (UpstreamResponse response = post("/limited-until", false)) {
            assertThat(response.status()).isEqualTo(429);
            assertThat(response.retryAfter()).hasValueSatisfying(wait ->
                    assertThat(wait).isBetween(Duration.ofSeconds(25), Duration.ofSeconds(30)));
        }
    }

    @Test
    void aCancelFromAnotherThreadEndsTheReadersWait() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            try (UpstreamResponse response = post("/stall", true)) {
                byte[] first = new byte[64];
                int n = response.body().read(first);
                assertThat(new String(first, 0, n, StandardCharsets.UTF_8)).startsWith("data: ");
                Thread.ofVirtual().start(() -> {
                    sleep(200);
                    response.cancel().run();
                });

                assertThatThrownBy(() -> response.body().readAllBytes()).isInstanceOf(IOException.class);
            }
        });
    }

    @Test
    void anUpstreamSilentPastTheTimeoutFailsWithATimeout() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
                assertThatThrownBy(() -> post("/silent", false)).isInstanceOf(SocketTimeoutException.class));
    }

    @Test
    void anUpstreamSilentInsideItsBodyFailsTheReadWithATimeout() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            try (UpstreamResponse response = post("/stall", true)) {
                assertThat(response.body().read(new byte[64])).isPositive();

                assertThatThrownBy(() -> response.body().readAllBytes()).isInstanceOf(SocketTimeoutException.class)
                        .hasMessageContaining("sent nothing for 1 s");
            }
        });
    }

    @Test
    void aStreamWhosePartsComeWithinTheTimeoutGoesOnLongerThanIt() throws IOException {
        try (UpstreamResponse response = post("/slow-events", true)) {
            String text = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(text).contains("data: 5").endsWith("data: [DONE]\n\n");
        }
    }

    @Test
    void timeTheReaderSpendsAwayFromItsReadsIsNotTheUpstreamsSilence() throws Exception {
        try (UpstreamResponse response = post("/pause-then-done", true)) {
            assertThat(response.body().read(new byte[64])).isPositive();
            Thread.sleep(2_000); // a slow client of the relay; the provider sends the rest after 2.5 s

            assertThat(new String(response.body().readAllBytes(), StandardCharsets.UTF_8)).endsWith("[DONE]\n\n");
        }
    }

    @Test
    void anUpstreamThatReadsNothingOfALargeRequestFailsWithATimeout() throws Exception {
        try (ServerSocket neverReads = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = new CopyOnWriteArrayList<>();
            Thread.ofVirtual().start(() -> {
                try {
                    accepted.add(neverReads.accept());
                } catch (IOException e) {
                    // closed by the test
                }
            });
            ObjectNode large = BODY.deepCopy().put("prompt", "x".repeat(64 << 20));
            URI uri = URI.create("http://127.0.0.1:" + neverReads.getLocalPort() + "/v1/chat/completions");

            assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                    assertThatThrownBy(() -> http.post(uri, Map.of(), large, false))
                            .isInstanceOf(SocketTimeoutException.class));
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    private UpstreamResponse post(String path, boolean stream) throws IOException {
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
        return http.post(uri, Map.of("Authorization", "Bearer sk-test"), BODY, stream);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            clientPorts.add(exchange.getRemoteAddress().getPort());
            switch (exchange.getRequestURI().getPath()) {
                case "/ok" -> {
                    byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                }
                case "/endless-error" -> {
                    exchange.getResponseHeaders().add("Retry-After", "7");
                    exchange.sendResponseHeaders(500, 0);
                    writeThenStall(exchange.getResponseBody(), "error: and more to come");
                }
                case "/limited-until" -> {
                    exchange.getResponseHeaders().add("Retry-After", DateTimeFormatter.RFC_1123_DATE_TIME
                            .format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(30)));
                    exchange.sendResponseHeaders(429, -1);
                }
                case "/done" -> {
                    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
                    exchange.sendResponseHeaders(200, 0);
                    OutputStream out = exchange.getResponseBody();
                    out.write("data: {\"choices\":[]}\n\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                }
                case "/stall" -> {
                    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
                    exchange.sendResponseHeaders(200, 0);
                    writeThenStall(exchange.getResponseBody(), "data: {\"choices\":[]}\n\n");
                }
                case "/silent" -> stall();
                case "/slow-events" -> { // six parts 400 ms apart: 2.4 s in all against a timeout of 1 s
                    exchange.sendResponseHeaders(200, 0);
                    OutputStream out = exchange.getResponseBody();
                    for (int i = 0; i <= 5; i++) {
                        sleep(400);
                        out.write(("data: " + i + "\n\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                    out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                }
                case "/pause-then-done" -> {
                    exchange.sendResponseHeaders(200, 0);
                    OutputStream out = exchange.getResponseBody();
                    out.write("data: {\"choices\":[]}\n\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    sleep(2_500);
                    out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                }
                default -> exchange.sendResponseHeaders(404, -1);
            }
        }
    }

    /**
     * Answers one request per connection as if the connection were kept (no {@code Connection: close}), then closes
     * it, as a server does whose keep-alive time ran out; notes each served connection's port.
     */
    private static void answerOnceThenClose(ServerSocket server, List<Integer> served) {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                InputStream in = socket.getInputStream();
                String head = readHead(in);
                int length = Integer.parseInt(head.replaceAll("(?is).*content-length:\\s*(\\d+).*", "$1"));
                in.readNBytes(length);
                served.add(socket.getPort()); // before the answer, which the test may check right after
                socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 11\r\n\r\n{\"ok\":true}").getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                return; // the server socket was closed
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.indexOf("\r\n\r\n") < 0) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection ended inside the request head");
            }
            head.append((char) b);
        }
        return head.toString();
    }

    private void writeThenStall(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
        stall();
    }

    private void stall() {
        try {
            released.await(STALL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
