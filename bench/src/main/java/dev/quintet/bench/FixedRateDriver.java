package dev.quintet.bench;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop load driver: requests start at a fixed rate whether or not earlier ones have answered, as many
 * independent clients would send them, rotating over the given requests. Each latency is measured from the moment
 * the request was due, not from when it could be sent, so a server that stalls is charged for the requests queued
 * behind the stall (no coordinated omission). Any status other than the expected one, or a request still unanswered
 * ten seconds after the run, fails the run.
 */
public final class FixedRateDriver {

    private static final Duration DRAIN = Duration.ofSeconds(10);

    /** What was offered and what came back. */
    public record Result(double offeredPerSecond, double answeredPerSecond, long requests, double p50Micros,
                         double p99Micros, double p999Micros, double maxMicros) {
    }

    private FixedRateDriver() {
    }

    public static Result run(List<HttpRequest> requests, int expectedStatus, double perSecond, Duration duration)
            throws Exception {
        int total = (int) Math.round(perSecond * duration.toNanos() / 1e9);
        if (total < 1) {
            throw new IllegalArgumentException("a run of " + duration + " at " + perSecond + "/s sends no request");
        }
        AtomicLongArray latencies = new AtomicLongArray(total);
        AtomicInteger failures = new AtomicInteger();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        CountDownLatch answered = new CountDownLatch(total);
        ExecutorService clientThreads = Executors.newFixedThreadPool(2);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(clientThreads).build();
        try {
            long start = System.nanoTime();
            double interval = 1e9 / perSecond;
            for (int i = 0; i < total; i++) {
                long due = start + (long) (i * interval);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                int slot = i;
                client.sendAsync(requests.get(i % requests.size()), HttpResponse.BodyHandlers.discarding())
                        .whenComplete((response, error) -> {
                            latencies.set(slot, System.nanoTime() - due);
                            if (error != null || response.statusCode() != expectedStatus) {
                                failures.incrementAndGet();
                                firstFailure.compareAndSet(null, error != null ? error.toString() : "status " + response.statusCode());
                            }
                            answered.countDown();
                        });
            }
            long sent = System.nanoTime();
            if (!answered.await(DRAIN.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException(answered.getCount() + " requests unanswered " + DRAIN.toSeconds()
                        + " s after the last was sent");
            }
            long done = System.nanoTime();
            if (failures.get() > 0) {
                throw new IllegalStateException(failures.get() + " requests failed; first: " + firstFailure.get());
            }
            long[] sorted = new long[total];
            for (int i = 0; i < total; i++) {
                sorted[i] = latencies.get(i);
            }
            Arrays.sort(sorted);
            return new Result(total / ((sent - start) / 1e9), total / ((done - start) / 1e9), total,
                    LoadDriver.percentile(sorted, 0.50) / 1e3, LoadDriver.percentile(sorted, 0.99) / 1e3, LoadDriver.percentile(sorted, 0.999) / 1e3,
                    sorted[total - 1] / 1e3);
        } finally {
            client.close();
            clientThreads.shutdown();
        }
    }
}
