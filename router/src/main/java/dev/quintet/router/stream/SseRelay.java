package dev.quintet.router.stream;

import dev.quintet.platform.web.EventStream;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One streaming chat response: relays upstream streams to the caller, writes {@code : QUINTET PROCESSING}
 * comments whenever the stream has been idle (for the keep-alive interval before it has started, then for
 * {@link #PROBE}), and cancels the upstream call when the caller goes away. Until the first content chunk of an
 * upstream arrives nothing of it is sent, so the request can still fall back to another endpoint.
 */
public final class SseRelay implements AutoCloseable {

    static final String KEEP_ALIVE = "QUINTET PROCESSING";
    static final Duration CLOSE_WAIT = Duration.ofSeconds(1);
    /** How long a started stream may be silent before a comment checks that its caller is still there. */
    static final Duration PROBE = Duration.ofMillis(400);

    private final EventStream writer;
    private final JsonMapper json;
    private final String generationId;
    private final ChunkStyle style;
    private final Thread requestThread = Thread.currentThread();
    private final Thread keepAlive;
    /** Cancels the upstream call being relayed, if any. */
    private volatile Runnable cancel;
    private volatile boolean closed;
    /** Guards {@link #waiting} and {@link #callerLeft}: the request thread is interrupted only holding it. */
    private final Object interrupts = new Object();
    private boolean waiting;
    private boolean callerLeft;

    /**
     * Answers as generation {@code generationId}: the id of every chunk and the {@code X-Generation-Id} header;
     * the chunks are of {@code style}.
     */
    public SseRelay(HttpServletResponse response, Duration keepAliveInterval, JsonMapper json, String generationId,
                    ChunkStyle style) {
        this.style = style;
        this.writer = new EventStream(response, Map.of("X-Generation-Id", generationId));
        this.json = json;
        this.generationId = generationId;
        this.keepAlive = Thread.ofVirtual().name("sse-keep-alive").start(() -> keepAlive(keepAliveInterval));
    }

    /** Whether anything was sent: once true, failures can only be reported inside the stream. */
    public boolean committed() {
        return writer.committed();
    }

    public boolean clientGone() {
        return writer.gone();
    }

    /**
     * Relays one upstream's SSE body, answering for {@code model} as served by {@code provider}; {@code reshape}
     * rewrites each chunk first, what it produced goes to {@code tally}, and {@code pricedUsage} gives the final
     * chunk's {@code usage} from it. {@code cancel} stops the upstream call from another thread, should the caller go
     * away.
     */
    public RelayOutcome relay(InputStream body, Runnable cancel, String model, String provider,
                              ChunkReshape reshape, StreamTally tally,
                              Function<StreamTally, ObjectNode> pricedUsage) {
        this.cancel = cancel;
        try {
            return whileWaiting(() -> new ChunkRelay(writer, json, generationId, model, provider, tally, pricedUsage,
                    style).reshaping(reshape).run(new SseEvents(body)));
        } finally {
            this.cancel = null;
            closeQuietly(body);
        }
    }

    /**
     * Runs {@code wait}, a wait on the provider, such that the caller's going away interrupts it (at once if the
     * caller is gone already). Only such waits are interrupted: the thread carries no interrupt of this relay out
     * of one, so what it does between them (holding credit, queueing the generation's record) cannot be cut short.
     */
    public <T, E extends Exception> T whileWaiting(UpstreamWait<T, E> wait) throws E {
        synchronized (interrupts) {
            waiting = true;
            if (callerLeft) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            return wait.run();
        } finally {
            synchronized (interrupts) {
                waiting = false;
                Thread.interrupted();
            }
        }
    }

    /** A wait on the provider: sending a request and reading its answer. */
    @FunctionalInterface
    public interface UpstreamWait<T, E extends Exception> {
        T run() throws E;
    }

    /** Ends a committed stream whose every endpoint failed before content, with one error chunk. */
    public void failInBand(int code, String message, String model) {
        try {
            new ChunkRelay(writer, json, generationId, model, null, new StreamTally(), t -> null, style).error(code, message);
        } catch (IOException e) {
            // the caller is gone; nothing is left to tell
        }
    }

    /**
     * Stops the keep-alives and waits for them to end; afterwards {@link #committed()} no longer changes on its own.
     */
    @Override
    public void close() {
        writer.stopKeepAlives();
        closed = true;
        keepAlive.interrupt();
        try {
            keepAlive.join(CLOSE_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // not this relay's: it interrupts only waits on the provider
        }
    }

    /**
     * Comments on a silent stream: the first after {@code idle}, which starts the stream (until then a failure can
     * still be an ordinary error answer); once started, after {@link #PROBE}, since only a write finds out that the
     * caller has gone (the second after it left fails), and the provider should not be kept working for nobody.
     */
    private void keepAlive(Duration idle) {
        Duration probe = idle.compareTo(PROBE) < 0 ? idle : PROBE;
        long tick = Math.max(1, probe.toMillis() / 2);
        while (!closed) {
            try {
                Thread.sleep(tick);
            } catch (InterruptedException e) {
                return;
            }
            if (!closed && !writer.commentIfIdle(KEEP_ALIVE, writer.committed() ? probe : idle)) {
                cancelUpstream();
                return;
            }
        }
    }

    private void cancelUpstream() {
        Runnable current = cancel;
        if (current != null) {
            current.run();
        }
        synchronized (interrupts) {
            callerLeft = true;
            if (waiting) {
                requestThread.interrupt();
            }
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // closing only cancels the upstream call
        }
    }
}
