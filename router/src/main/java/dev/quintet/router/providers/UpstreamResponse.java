package dev.quintet.router.providers;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;

/**
 * A provider's answer as it starts: status, the {@code Retry-After} it asked for, the body still to read, and how to
 * cancel the call from another thread than the reader's (which then fails its read; the reader still closes).
 */
public record UpstreamResponse(int status, Optional<Duration> retryAfter, InputStream body, Runnable cancel)
        implements AutoCloseable {

    /** An answer held in memory: nothing to cancel. */
    public UpstreamResponse(int status, Optional<Duration> retryAfter, InputStream body) {
        this(status, retryAfter, body, () -> { });
    }

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    /** Reads at most {@code limit} bytes of the body, for error messages. */
    public byte[] readBody(int limit) throws IOException {
        return body.readNBytes(limit);
    }

    @Override
    public void close() throws IOException {
        body.close();
    }
}
