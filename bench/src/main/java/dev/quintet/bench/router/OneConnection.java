package dev.quintet.bench.router;

import dev.quintet.bench.LoadDriver;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Requests sent one at a time over one kept-alive HTTP/1.1 connection on a blocking socket: the request written whole
 * ({@code TCP_NODELAY}), the answer read to its end by its {@code Content-Length} or chunks, each timed from the write
 * to the answer's last byte. The concurrency-1 client of the benchmark: on a two-CPU machine wrk adds a millisecond
 * tail of its own to the 99th percentile it reports (see docs/benchmarks.md, session 13), which this client does not.
 */
final class OneConnection implements AutoCloseable {

    private final URI url;
    private final byte[] request;
    private Socket socket;
    private OutputStream out;
    private Http1Reader in;

    OneConnection(String url, Map<String, String> headers, String body) {
        this.url = URI.create(url);
        if (!"http".equals(this.url.getScheme())) {
            throw new IllegalArgumentException("plain http only, got " + url);
        }
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST ").append(this.url.getRawPath()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(this.url.getHost()).append(':').append(this.url.getPort()).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.US_ASCII);
        this.request = Arrays.copyOf(headBytes, headBytes.length + content.length);
        System.arraycopy(content, 0, request, headBytes.length, content.length);
    }

    /** Sends requests for {@code duration}; any status but 200 fails the run. */
    LoadDriver.Result run(Duration duration) throws IOException {
        long[] took = new long[1 << 16];
        int n = 0;
        long deadline = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < deadline) {
            long start = System.nanoTime();
            boolean keepAlive = exchange();
            long end = System.nanoTime();
            if (n == took.length) {
                took = Arrays.copyOf(took, n * 2);
            }
            took[n++] = end - start;
            if (!keepAlive) {
                close();
            }
        }
        return LoadDriver.Result.of(Arrays.copyOf(took, n), duration);
    }

    /** One request and its whole answer; whether the server keeps the connection. */
    private boolean exchange() throws IOException {
        if (socket == null) {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(url.getHost(), url.getPort()));
            out = socket.getOutputStream();
            in = new Http1Reader(new BufferedInputStream(socket.getInputStream(), 1 << 16));
        }
        out.write(request);
        String status = in.startLine();
        if (status == null) {
            throw new EOFException(url + " closed the connection before answering");
        }
        if (!status.startsWith("HTTP/1.1 200 ")) {
            throw new IOException(url + " answered " + status);
        }
        Map<String, String> fields = in.fields();
        if (in.body(fields, null) == null) {
            throw new IOException(url + " answered without a length");
        }
        return !fields.getOrDefault("connection", "").toLowerCase(Locale.ROOT).contains("close");
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }
}
