package dev.quintet.bench.router;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A zero-delay provider on a loopback port speaking OpenAI's chat completions at {@code /v1/chat/completions}. It
 * reads no more of the request than it must: a body containing {@code "stream":true} gets a stream, any other a
 * fixed JSON answer. The model name picks how a stream goes: {@code pause} sends the role and the first content
 * chunk, waits {@link #PAUSE_MILLIS} and sends the rest (so a relay that buffers shows the pause in its time to
 * first token); {@code hold} sends the first content chunk and then keeps the stream open until {@link #release()};
 * any other model sends the whole stream at once. It runs in a JVM of its own ({@link ProviderJvm}), as a real
 * provider would, so that its threads do not share the router's; {@code GET /held} and {@code POST /release} let the
 * benchmark count and end the held streams.
 */
final class FakeOpenAi implements AutoCloseable {

    static final int PAUSE_MILLIS = 20;

    private static final byte[] ANSWER = """
            {"id":"chatcmpl-bench","object":"chat.completion","created":1767225600,"model":"fast",\
            "choices":[{"index":0,"message":{"role":"assistant","content":"Hello","refusal":null},\
            "logprobs":null,"finish_reason":"stop"}],\
            "usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}""".getBytes(StandardCharsets.UTF_8);
    private static final byte[] HEAD = frames("""
            {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1767225600,"model":"fast",\
            "choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}""", """
            {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1767225600,"model":"fast",\
            "choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}""");
    private static final byte[] TAIL = frames("""
            {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1767225600,"model":"fast",\
            "choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":null}]}""", """
            {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1767225600,"model":"fast",\
            "choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}""", """
            {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1767225600,"model":"fast",\
            "choices":[],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}""", "[DONE]");

    private final HttpServer server;
    private final AtomicInteger held = new AtomicInteger();
    private volatile CountDownLatch release = new CountDownLatch(1);

    FakeOpenAi() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1/chat/completions", this::answer);
        server.createContext("/held", exchange -> reply(exchange, Integer.toString(held.get())));
        server.createContext("/release", exchange -> {
            release();
            reply(exchange, "released");
        });
        server.start();
    }

    /**
     * The child JVM's part: serves on a loopback port, prints the port as the first line of its standard output and
     * stops when its standard input ends (the benchmark closed it, or died).
     */
    static void serveUntilInputEnds() throws IOException {
        try (FakeOpenAi fake = new FakeOpenAi()) {
            System.out.println(fake.server.getAddress().getPort());
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream());
        }
    }

    private static void reply(HttpExchange exchange, String text) throws IOException {
        try (exchange) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    /** Ends every {@code hold} stream. */
    private void release() {
        release.countDown();
        release = new CountDownLatch(1);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (!body.contains("\"stream\":true")) {
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, ANSWER.length);
                exchange.getResponseBody().write(ANSWER);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.getResponseHeaders().set("Cache-Control", "no-cache");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write(HEAD);
            out.flush();
            if (body.contains("\"model\":\"pause\"")) {
                Thread.sleep(PAUSE_MILLIS);
            } else if (body.contains("\"model\":\"hold\"")) {
                hold();
            }
            out.write(TAIL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the caller hung up
        }
    }

    private void hold() throws InterruptedException {
        CountDownLatch until = release;
        held.incrementAndGet();
        try {
            until.await();
        } finally {
            held.decrementAndGet();
        }
    }

    private static byte[] frames(String... data) {
        StringBuilder out = new StringBuilder();
        for (String d : data) {
            out.append("data: ").append(d).append("\n\n");
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        release();
        server.stop(0);
    }
}
