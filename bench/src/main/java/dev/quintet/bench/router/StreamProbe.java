package dev.quintet.bench.router;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Streaming requests to one target: the time to the first content ({@code "Hel"}) of a stream, and many streams
 * held open at once.
 */
final class StreamProbe implements AutoCloseable {

    /** Streams opened at once: a burst of thousands of connections overflows a server's accept backlog. */
    static final int RAMP = 100;

    private static final byte[] FIRST_CONTENT = "Hel".getBytes(StandardCharsets.US_ASCII);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    private final String url;
    private final Map<String, String> headers;

    StreamProbe(String url, Map<String, String> headers) {
        this.url = url;
        this.headers = headers;
    }

    /** Median and 99th percentile, in microseconds, of the time to first content of streams sent one at a time. */
    double[] timeToFirstContent(String model, Duration duration) throws IOException, InterruptedException {
        long[] took = new long[1 << 16];
        int n = 0;
        long deadline = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < deadline && n < took.length) {
            long start = System.nanoTime();
            try (InputStream body = open(model)) {
                readUntilFirstContent(body);
                took[n++] = System.nanoTime() - start;
                body.transferTo(OutputStream.nullOutputStream());
            }
        }
        long[] sorted = Arrays.copyOf(took, n);
        Arrays.sort(sorted);
        return new double[] {sorted[n / 2] / 1e3, sorted[Math.min(n - 1, (int) Math.ceil(0.99 * n) - 1)] / 1e3};
    }

    /**
     * Opens {@code count} streams of {@code model}, {@value #RAMP} at a time, and returns once each has delivered its
     * first content; the streams stay open until the upstream ends them, then are read to the end.
     */
    OpenStreams openStreams(String model, int count, Duration timeout) throws InterruptedException {
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int opened = 0; opened < count && failed.get() == 0; opened += RAMP) {
            int batch = Math.min(RAMP, count - opened);
            CountDownLatch started = new CountDownLatch(batch);
            for (int i = 0; i < batch; i++) {
                callers.submit(() -> hold(model, started, failed, firstFailure));
            }
            if (!started.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                failed.incrementAndGet();
                firstFailure.compareAndSet(null, "timed out after " + timeout.toSeconds() + " s");
            }
        }
        if (failed.get() > 0) {
            callers.shutdownNow();
            throw new IllegalStateException(failed.get() + " of " + count + " streams failed against " + url
                    + "; first failure: " + firstFailure.get());
        }
        return new OpenStreams(callers);
    }

    private Void hold(String model, CountDownLatch started, AtomicInteger failed, AtomicReference<String> firstFailure) {
        try (InputStream body = open(model)) {
            readUntilFirstContent(body);
            started.countDown();
            body.transferTo(OutputStream.nullOutputStream());
        } catch (IOException | RuntimeException e) {
            failed.incrementAndGet();
            firstFailure.compareAndSet(null, String.valueOf(e.getMessage()).strip());
            started.countDown();
        }
        return null;
    }

    /** Streams held open by {@link #openStreams}. */
    record OpenStreams(ExecutorService callers) {
        /** Waits for the streams to end once their upstream lets them. */
        void awaitEnd(Duration timeout) throws InterruptedException {
            callers.shutdown();
            callers.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private InputStream open(String model) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(
                RouterBench.body(model, true)));
        headers.forEach(request::header);
        try {
            HttpResponse<InputStream> response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                String error = new String(response.body().readNBytes(500), StandardCharsets.UTF_8);
                response.body().close();
                throw new IOException(url + " answered " + response.statusCode() + ": " + error);
            }
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static void readUntilFirstContent(InputStream body) throws IOException {
        int matched = 0;
        int b;
        while ((b = body.read()) >= 0) {
            matched = b == FIRST_CONTENT[matched] ? matched + 1 : (b == FIRST_CONTENT[0] ? 1 : 0);
            if (matched == FIRST_CONTENT.length) {
                return;
            }
        }
        throw new IOException("the stream ended before its first content");
    }

    @Override
    public void close() {
        client.close();
    }
}
