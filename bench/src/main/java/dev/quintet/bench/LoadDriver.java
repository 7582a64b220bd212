package dev.quintet.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A closed-loop load driver over loopback: {@code concurrency} callers, each sending its next request when the last
 * answered, for a fixed time. Counts only the expected status; any other status fails the run.
 */
public final class LoadDriver {

    /** Throughput and latency percentiles of one run. */
    public record Result(long requests, double requestsPerSecond, double p50Micros, double p99Micros) {

        /** The result of a run of {@code duration} whose requests took {@code latencies} (nanoseconds; sorted here). */
        public static Result of(long[] latencies, Duration duration) {
            Arrays.sort(latencies);
            return new Result(latencies.length, latencies.length / (duration.toNanos() / 1e9),
                    percentile(latencies, 0.50) / 1e3, percentile(latencies, 0.99) / 1e3);
        }
    }

    private LoadDriver() {
    }

    public static Result run(HttpRequest request, int expectedStatus, int concurrency, Duration duration) throws Exception {
        ExecutorService clientThreads = Executors.newFixedThreadPool(2);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(clientThreads).build();
        long deadline = System.nanoTime() + duration.toNanos();
        List<Future<long[]>> callers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
            for (int i = 0; i < concurrency; i++) {
                callers.add(pool.submit(() -> loop(client, request, expectedStatus, deadline)));
            }
            long[][] parts = new long[concurrency][];
            for (int i = 0; i < concurrency; i++) {
                parts[i] = callers.get(i).get();
            }
            return Result.of(Arrays.stream(parts).flatMapToLong(Arrays::stream).toArray(), duration);
        } finally {
            client.close();
            clientThreads.shutdown();
        }
    }

    private static long[] loop(HttpClient client, HttpRequest request, int expectedStatus, long deadline)
            throws IOException, InterruptedException {
        long[] latencies = new long[1 << 16];
        int n = 0;
        while (System.nanoTime() < deadline) {
            long start = System.nanoTime();
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            long took = System.nanoTime() - start;
            if (response.statusCode() != expectedStatus) {
                throw new IllegalStateException("expected " + expectedStatus + " from " + request.uri() + ", got " + response.statusCode());
            }
            if (n == latencies.length) {
                latencies = Arrays.copyOf(latencies, n * 2);
            }
            latencies[n++] = took;
        }
        return Arrays.copyOf(latencies, n);
    }

    /** The value at quantile {@code p} of sorted samples (nearest rank); NaN when there are none. */
    public static double percentile(long[] sorted, double p) {
        return sorted.length == 0 ? Double.NaN : sorted[rank(sorted.length, p)];
    }

    /** As {@link #percentile(long[], double)}, of fractional samples. */
    public static double percentile(double[] sorted, double p) {
        return sorted.length == 0 ? Double.NaN : sorted[rank(sorted.length, p)];
    }

    private static int rank(int n, double p) {
        return Math.max(0, Math.min(n - 1, (int) Math.ceil(p * n) - 1));
    }

    public static HttpRequest get(String url, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).GET();
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return b.build();
    }
}
