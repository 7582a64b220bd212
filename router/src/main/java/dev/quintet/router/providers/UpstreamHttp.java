package dev.quintet.router.providers;

import dev.quintet.platform.web.RetryAfter;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTTP side every adapter shares: a JSON POST, answered as an {@link UpstreamResponse}. The calling thread does
 * the exchange's socket work itself (no hand-off to a selector thread and back), over pooled keep-alive connections;
 * HTTPS endpoints negotiate HTTP/2, plain-HTTP ones (local servers) speak HTTP/1.1. A request whose connection breaks
 * before any answer (most often a kept connection the server closed meanwhile) is sent again, once, on a new one; a
 * request that timed out is not sent again. A provider silent for longer than allowed is cut off by a
 * {@link SilenceWatch}.
 */
public final class UpstreamHttp implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final MediaType JSON_TYPE = MediaType.get("application/json");
    /** Idle connections kept for the next calls, and for how long (a server may close its end sooner; see above). */
    private static final int IDLE_CONNECTIONS = 256;
    private static final Duration IDLE_TIME = Duration.ofSeconds(30);
    /** How late an idle connection may be closed past its idle time. */
    private static final Duration IDLE_CHECK = Duration.ofSeconds(1);

    private final OkHttpClient http;
    private final SilenceWatch silences;
    private final IdleConnections idle = new IdleConnections(IDLE_CONNECTIONS, IDLE_TIME, IDLE_CHECK);

    /**
     * @param connectTimeout how long a connection may take
     * @param silence how long an upstream may send nothing: before its response headers and between parts of its body
     */
    public UpstreamHttp(Duration connectTimeout, Duration silence) {
        this.silences = new SilenceWatch(silence);
        this.http = new OkHttpClient.Builder()
                .connectTimeout(connectTimeout)
                .readTimeout(Duration.ZERO) // the silence watch bounds reads and writes instead
                .writeTimeout(Duration.ZERO)
                .followRedirects(false)
                .followSslRedirects(false)
                .connectionPool(idle.pool())
                .build();
    }

    /** POSTs {@code body} to {@code uri} with {@code headers} added. */
    public UpstreamResponse post(URI uri, Map<String, String> headers, ObjectNode body, boolean stream)
            throws IOException {
        Request.Builder request = new Request.Builder()
                .url(uri.toString())
                .header("Accept", stream ? "text/event-stream" : "application/json")
                .post(RequestBody.create(JSON.writeValueAsBytes(body), JSON_TYPE));
        if (stream) {
            request.header("Accept-Encoding", "identity"); // each event as it comes, not as a compressor flushes it
        }
        headers.forEach(request::header);
        Call call = http.newCall(request.build());
        SilenceWatch.Waiter waiter = silences.watch(call::cancel);
        Response response;
        try {
            response = call.execute();
        } catch (IOException e) {
            waiter.done();
            throw waiter.failure(e);
        } catch (RuntimeException e) {
            waiter.done();
            throw e;
        }
        waiter.answered();
        // closed before its end, the body is read on for at most 100 ms, so that a connection whose answer ends soon
        // (an event stream after its [DONE]) is kept; the connection of one that goes on is closed
        return new UpstreamResponse(response.code(), RetryAfter.parse(response.header("Retry-After"), Instant.now()),
                new WatchedBody(response.body().byteStream(), waiter), call::cancel);
    }

    /** Closes the idle connections and the client's threads. */
    @Override
    public void close() {
        silences.close();
        http.dispatcher().executorService().shutdown();
        idle.close();
    }

    /** An answer's body whose reads are watched for silence; its end or its closing ends the watch. */
    private static final class WatchedBody extends FilterInputStream {

        private final SilenceWatch.Waiter waiter;

        WatchedBody(InputStream body, SilenceWatch.Waiter waiter) {
            super(body);
            this.waiter = waiter;
        }

        @Override
        public int read() throws IOException {
            return (int) watched(super::read);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return (int) watched(() -> super.read(b, off, len));
        }

        @Override
        public long skip(long n) throws IOException {
            return watched(() -> super.skip(n));
        }

        @Override
        public void close() throws IOException {
            waiter.done();
            super.close();
        }

        private long watched(Read read) throws IOException {
            waiter.waiting();
            try {
                long n = read.run();
                if (n < 0) {
                    waiter.done();
                }
                return n;
            } catch (IOException e) {
                throw waiter.failure(e);
            } finally {
                waiter.answered();
            }
        }

        private interface Read {
            long run() throws IOException;
        }
    }
}
