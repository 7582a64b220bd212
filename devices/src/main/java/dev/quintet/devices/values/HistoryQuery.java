package dev.quintet.devices.values;

import java.time.Duration;
import java.time.Instant;

/**
 * A history read: points in {@code [from, to)}, combined per {@code interval} (buckets aligned to {@code from}) or,
 * without an interval, into one bucket; {@code limit} caps raw points.
 */
public record HistoryQuery(Instant from, Instant to, Aggregation agg, Duration interval, int limit) {
}
