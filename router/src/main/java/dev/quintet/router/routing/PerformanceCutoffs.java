package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * {@code provider.preferred_max_latency} (seconds to the first content) or {@code provider.preferred_min_throughput}
 * (completion tokens a second): a number, which bounds the p50, or an object bounding any of {@code p50},
 * {@code p75}, {@code p90} and {@code p99}. An endpoint whose recent figures meet every bound is preferred; one
 * that misses a bound is still used, after the others. No bound: {@link #NONE}.
 *
 * @param atMost whether the figures must stay at or under the bounds (latency) rather than at or over (throughput)
 * @param bounds per percentile, in the unit the router measures in (milliseconds, tokens a second)
 */
record PerformanceCutoffs(boolean atMost, Map<String, Double> bounds) {

    static final PerformanceCutoffs NONE = new PerformanceCutoffs(false, Map.of());
    private static final List<String> PERCENTILES = List.of("p50", "p75", "p90", "p99");
    /** A bound beyond any real figure (seconds, tokens a second), so that no figure is parsed out of range. */
    private static final BigDecimal LARGEST = BigDecimal.valueOf(1_000_000);

    /** How an endpoint stands against the bounds, best first. */
    enum Standing { MEETS, UNMEASURED, MISSES }

    /** {@code value} of {@code provider.<field>}; {@code scale} turns its unit into the measured one (s: 1000). */
    static PerformanceCutoffs parse(JsonNode value, String field, boolean atMost, double scale) {
        if (value == null || value.isNull()) {
            return NONE;
        }
        String param = "provider." + field;
        Map<String, Double> bounds = new LinkedHashMap<>();
        if (value.isNumber()) {
            bounds.put("p50", bound(value, param) * scale);
        } else if (value.isObject()) {
            for (String p : value.propertyNames()) {
                if (!PERCENTILES.contains(p)) {
                    throw ApiException.invalidParameter(param + "." + p, param + "." + p
                            + " is not a percentile; known: " + String.join(", ", PERCENTILES));
                }
                if (!value.get(p).isNull()) {
                    bounds.put(p, bound(value.get(p), param + "." + p) * scale);
                }
            }
        } else {
            throw ApiException.invalidParameter(param, param + " must be a number or an object with p50, p75, p90 "
                    + "or p99, got " + value);
        }
        return new PerformanceCutoffs(atMost, Map.copyOf(bounds));
    }

    private static double bound(JsonNode v, String param) {
        BigDecimal d = ChatRequests.decimal(v);
        if (d == null || d.signum() < 0 || d.compareTo(LARGEST) > 0) {
            throw ApiException.invalidParameter(param, param + " must be a number from 0 to " + LARGEST.toPlainString()
                    + ", got " + v);
        }
        return d.doubleValue();
    }

    boolean given() {
        return !bounds.isEmpty();
    }

    /** Where figures {@code measured} (null: none yet) stand against the bounds. */
    Standing standing(EndpointStats.Percentiles measured) {
        if (bounds.isEmpty()) {
            return Standing.MEETS;
        }
        if (measured == null) {
            return Standing.UNMEASURED;
        }
        for (Map.Entry<String, Double> b : bounds.entrySet()) {
            double figure = switch (b.getKey()) {
                case "p50" -> measured.p50();
                case "p75" -> measured.p75();
                case "p90" -> measured.p90();
                default -> measured.p99();
            };
            if (atMost ? figure > b.getValue() : figure < b.getValue()) {
                return Standing.MISSES;
            }
        }
        return Standing.MEETS;
    }
}
