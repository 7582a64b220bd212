package dev.quintet.bench.events;

import java.util.Arrays;

/** The latencies of one measured run: throughput and percentiles. */
record Latencies(long count, double perSecond, double p50Millis, double p99Millis, double maxMillis) {

    static Latencies of(long[] nanos, double seconds) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Latencies(sorted.length, sorted.length / seconds, percentile(sorted, 0.50), percentile(sorted, 0.99),
                sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6);
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    /** A growable array of nanosecond samples. */
    static final class Samples {
        private long[] values = new long[1 << 12];
        private int size;

        void add(long nanos) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = nanos;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
