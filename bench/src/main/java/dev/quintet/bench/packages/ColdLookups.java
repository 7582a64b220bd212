package dev.quintet.bench.packages;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Timed GETs, one at a time, of packuments from the loopback registry and of the service's look-ups of the same
 * names; {@code serviceBase} ends in {@code /api/npm/}.
 */
record ColdLookups(HttpClient client, String registryBase, String serviceBase, String authorization) {

    /** Sorted samples of one kind of request. */
    record Timings(long[] sortedNanos) {

        static Timings of(long[] nanos) {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            return new Timings(sorted);
        }

        int count() {
            return sortedNanos.length;
        }

        double millis(double p) {
            return sortedNanos[Math.min(sortedNanos.length - 1, (int) Math.ceil(p * sortedNanos.length) - 1)] / 1e6;
        }
    }

    /**
     * The direct fetches, the service's first look-ups of the same names, and per name the look-up's time less the
     * fetch's: the service's own share (parse, store, answer, and its own request to the registry's loopback).
     */
    record Result(Timings direct, Timings cold, Timings extra) {

        double ratio(double p) {
            return cold.millis(p) / direct.millis(p);
        }
    }

    /** For each name a direct fetch, then the service's first look-up of it (fetch, parse, store, answer). */
    Result measure(List<String> names) throws IOException, InterruptedException {
        long[] direct = new long[names.size()];
        long[] cold = new long[names.size()];
        for (int i = 0; i < names.size(); i++) {
            direct[i] = timed(HttpRequest.newBuilder(URI.create(registryBase + names.get(i))).build());
            cold[i] = timed(HttpRequest.newBuilder(URI.create(serviceBase + names.get(i)))
                    .header("Authorization", authorization).build());
        }
        long[] extra = new long[names.size()];
        for (int i = 0; i < names.size(); i++) {
            extra[i] = cold[i] - direct[i];
        }
        return new Result(Timings.of(direct), Timings.of(cold), Timings.of(extra));
    }

    private long timed(HttpRequest request) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        long took = System.nanoTime() - start;
        if (response.statusCode() != 200) {
            throw new IllegalStateException(request.uri() + " answered " + response.statusCode() + ": "
                    + new String(response.body(), StandardCharsets.UTF_8));
        }
        return took;
    }
}
