package dev.quintet.bench.router;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A zero-delay provider on a loopback port speaking OpenAI's chat completions at {@code /v1/chat/completions}. A
 * body containing {@code "stream":true} gets a stream, any other a fixed JSON answer. The model name picks how a
 * stream goes: {@code pause} sends the role and the first content chunk, waits {@link #PAUSE_MILLIS} and sends the
 * rest (so a relay that buffers shows the pause in its time to first token); {@code hold} sends the first content
 * chunk and then keeps the stream open until {@link #release()}; any other model sends the whole stream at once. It
 * runs in a JVM of its own ({@link ProviderJvm}), as a real provider would, so that its threads do not share the
 * router's; {@code GET /held} and {@code POST /release} let the benchmark count and end the held streams.
 *
 * <p>It serves each connection on a platform thread of its own over a blocking socket, with its answers' bytes made
 * once: a real provider spends none of the router's machine, and this one spends as little of it as it can (about a
 * quarter of the CPU per request of the JDK's HTTP server, which it replaced; see docs/benchmarks.md, session 14).
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

    private static final byte[] ANSWER_HEAD = head("application/json", "Content-Length: " + ANSWER.length);
    private static final byte[] STREAM_HEAD =
            head("text/event-stream", "Cache-Control: no-cache\r\nTransfer-Encoding: chunked");
    private static final byte[] HEAD_CHUNK = chunk(HEAD);
    private static final byte[] TAIL_CHUNKS = concat(chunk(TAIL), "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));

    private final ServerSocket server;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger held = new AtomicInteger();
    private volatile CountDownLatch release = new CountDownLatch(1);

    FakeOpenAi() throws IOException {
        server = new ServerSocket(0, 4096, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("fake-provider-accept").start(this::acceptAll);
    }

    /**
     * The child JVM's part: serves on a loopback port, prints the port as the first line of its standard output and
     * stops when its standard input ends (the benchmark closed it, or died).
     */
    static void serveUntilInputEnds() throws IOException {
        try (FakeOpenAi fake = new FakeOpenAi()) {
            System.out.println(fake.port());
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream());
        }
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptAll() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                connections.add(socket);
                Thread.ofPlatform().daemon().name("fake-provider").start(() -> serve(socket));
            } catch (IOException e) {
                // closed, or one connection failed to come
            }
        }
    }

    /** Answers the requests of one connection until its client closes it. */
    private void serve(Socket socket) {
        try (socket) {
            Http1Reader in = new Http1Reader(new BufferedInputStream(socket.getInputStream(), 1 << 14));
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 1 << 14);
            for (String start = in.startLine(); start != null; start = in.startLine()) {
                Map<String, String> fields = in.fields();
                String body = new String(in.body(fields, new byte[0]), StandardCharsets.UTF_8);
                answer(start, body, out);
                out.flush();
                if (fields.getOrDefault("connection", "").equalsIgnoreCase("close")) {
                    return;
                }
            }
        } catch (IOException e) {
            // the caller hung up
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            connections.remove(socket);
        }
    }

    private void answer(String start, String body, OutputStream out) throws IOException, InterruptedException {
        if (start.startsWith("GET /held ")) {
            text(out, Integer.toString(held.get()));
        } else if (start.startsWith("POST /release ")) {
            release();
            text(out, "released");
        } else if (!start.startsWith("POST /v1/chat/completions ")) {
            out.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } else if (!body.contains("\"stream\":true")) {
            out.write(ANSWER_HEAD);
            out.write(ANSWER);
        } else {
            out.write(STREAM_HEAD);
            out.write(HEAD_CHUNK);
            out.flush();
            if (body.contains("\"model\":\"pause\"")) {
                Thread.sleep(PAUSE_MILLIS);
            } else if (body.contains("\"model\":\"hold\"")) {
                hold();
            }
            out.write(TAIL_CHUNKS);
        }
    }

    private static void text(OutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write(head("text/plain", "Content-Length: " + bytes.length));
        out.write(bytes);
    }

    /** Ends every {@code hold} stream. */
    private void release() {
        release.countDown();
        release = new CountDownLatch(1);
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

    private static byte[] head(String contentType, String fields) {
        return ("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\n" + fields + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] chunk(byte[] data) {
        return concat(concat((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII), data),
                "\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static byte[] frames(String... data) {
        StringBuilder out = new StringBuilder();
        for (String d : data) {
            out.append("data: ").append(d).append("\n\n");
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        release();
        server.close();
        for (Socket s : connections) {
            s.close();
        }
    }
}
