package dev.quintet.router.routing;

import java.time.Instant;
import java.util.List;

/**
 * One endpoint's recent figures (null where there were no calls to measure).
 *
 * @param calls the calls in the window
 * @param uptimeLast5m the share of calls in the last five minutes that succeeded, in percent
 * @param uptimeLastWindow the same over the whole window
 * @param latency milliseconds to the first content (streams) or to the whole answer
 * @param throughput completion tokens per second of generation
 * @param coolingUntil when the endpoint's cool-down ends, null when it is not cooling down
 */
public record EndpointStats(int calls, Double uptimeLast5m, Double uptimeLastWindow, Percentiles latency,
                            Percentiles throughput, Instant coolingUntil) {

    static final EndpointStats NONE = new EndpointStats(0, null, null, null, null, null);

    /** Nearest-rank percentiles of a set of measurements. */
    public record Percentiles(double p50, double p75, double p90, double p99) {

        /** The percentiles of {@code values}; null when there are none. */
        static Percentiles of(List<Double> values) {
            if (values.isEmpty()) {
                return null;
            }
            double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            return new Percentiles(rank(sorted, 50), rank(sorted, 75), rank(sorted, 90), rank(sorted, 99));
        }

        private static double rank(double[] sorted, int percent) {
            int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
            return Math.round(sorted[Math.max(0, index)] * 100) / 100.0;
        }
    }
}
