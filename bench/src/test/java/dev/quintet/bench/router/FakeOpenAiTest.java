package dev.quintet.bench.router;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The fake provider over real loopback connections: answers, streams, held streams and request framings. */
class FakeOpenAiTest {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private FakeOpenAi fake;

    @BeforeEach
    void start() throws IOException {
        fake = new FakeOpenAi();
    }

    @AfterEach
    void stop() throws IOException {
        fake.close();
    }

    @Test
    void answersWithJsonOrAStreamEndingInDone() throws Exception {
        assertThat(post("{\"model\":\"fast\",\"messages\":[]}").body()).contains("\"object\":\"chat.completion\"");

        HttpResponse<String> stream = post("{\"model\":\"fast\",\"stream\":true}");
        assertThat(stream.headers().firstValue("Content-Type")).contains("text/event-stream");
        assertThat(stream.body()).startsWith("data: ").contains("\"content\":\"Hel\"").endsWith("data: [DONE]\n\n");
    }

    @Test
    void holdsStreamsUntilReleasedAndCountsThem() throws Exception {
        CompletableFuture<HttpResponse<String>> held = http.sendAsync(request("/v1/chat/completions",
                "{\"model\":\"hold\",\"stream\":true}"), HttpResponse.BodyHandlers.ofString());
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!get("/held").equals("1") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(get("/held")).isEqualTo("1");
        assertThat(held).isNotDone();

        http.send(request("/release", ""), HttpResponse.BodyHandlers.ofString());

        assertThat(held.get().body()).endsWith("data: [DONE]\n\n");
        assertThat(get("/held")).isEqualTo("0");
    }

    @Test
    void readsChunkedRequestsAndServesSeveralOnOneConnection() throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), fake.port())) {
            OutputStream out = socket.getOutputStream();
            Http1Reader in = new Http1Reader(new BufferedInputStream(socket.getInputStream()));
            String body = "{\"model\":\"fast\",\"stream\":true}";
            for (int i = 0; i < 2; i++) {
                out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));

                assertThat(in.startLine()).isEqualTo("HTTP/1.1 200 OK");
                Map<String, String> fields = in.fields();
                assertThat(new String(in.body(fields, null), StandardCharsets.UTF_8)).endsWith("data: [DONE]\n\n");
            }
        }
    }

    private HttpResponse<String> post(String body) throws IOException, InterruptedException {
        return http.send(request("/v1/chat/completions", body), HttpResponse.BodyHandlers.ofString());
    }

    private String get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + fake.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private HttpRequest request(String path, String body) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + fake.port() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }
}
