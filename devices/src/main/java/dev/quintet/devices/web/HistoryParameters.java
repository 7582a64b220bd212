package dev.quintet.devices.web;

import dev.quintet.devices.values.Aggregation;
import dev.quintet.devices.values.HistoryQuery;
import dev.quintet.platform.errors.ApiException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** Checks {@code from}, {@code to}, {@code agg}, {@code interval} and {@code limit} of a history read. */
final class HistoryParameters {

    static final Duration DEFAULT_SPAN = Duration.ofDays(1);
    static final int MAX_BUCKETS = 10_000;
    static final int MAX_POINTS = 10_000;

    private HistoryParameters() {
    }

    static HistoryQuery of(String from, String to, String agg, String interval, Integer limit, Instant now) {
        Instant end = to == null ? now : instant(to, "to");
        Instant start = from == null ? end.minus(DEFAULT_SPAN) : instant(from, "from");
        if (!start.isBefore(end)) {
            throw ApiException.invalidParameter("from", "from must be before to, got " + start + " and " + end);
        }
        Aggregation aggregation = agg == null ? Aggregation.NONE : Aggregation.named(agg).orElseThrow(() ->
                ApiException.invalidParameter("agg", "agg must be one of " + Aggregation.names() + ", got '" + agg + "'"));
        Duration step = interval == null ? null : duration(interval);
        if (step != null && aggregation == Aggregation.NONE) {
            throw ApiException.invalidParameter("interval", "interval needs agg (avg, min, max, sum or count)");
        }
        if (step != null && Duration.between(start, end).dividedBy(step) > MAX_BUCKETS) {
            throw ApiException.invalidParameter("interval", "interval makes more than " + MAX_BUCKETS
                    + " buckets between from and to; choose a longer interval or a shorter range");
        }
        if (limit != null && (limit < 1 || limit > MAX_POINTS)) {
            throw ApiException.invalidParameter("limit", "limit must be 1.." + MAX_POINTS + ", got " + limit);
        }
        return new HistoryQuery(start, end, aggregation, step, limit == null ? 1000 : limit);
    }

    private static Instant instant(String text, String param) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidParameter(param, param + " must be an ISO-8601 UTC time such as 2026-03-01T10:00:00Z, got '"
                    + text + "'");
        }
    }

    /** {@code 30s}, {@code 5m}, {@code 1h}, {@code 1d} or ISO-8601 ({@code PT5M}); at least one second, whole seconds. */
    static Duration duration(String text) {
        Duration d = null;
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("p")) {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } else if (t.length() > 1 && t.substring(0, t.length() - 1).chars().allMatch(Character::isDigit)) {
                long n = Long.parseLong(t.substring(0, t.length() - 1));
                d = switch (t.charAt(t.length() - 1)) {
                    case 's' -> Duration.ofSeconds(n);
                    case 'm' -> Duration.ofMinutes(n);
                    case 'h' -> Duration.ofHours(n);
                    case 'd' -> Duration.ofDays(n);
                    default -> null;
                };
            }
        } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
            d = null;
        }
        if (d == null || d.compareTo(Duration.ofSeconds(1)) < 0 || d.getNano() != 0) {
            throw ApiException.invalidParameter("interval",
                    "interval must be whole seconds of at least 1s, as 30s, 5m, 1h, 1d or PT5M, got '" + text + "'");
        }
        return d;
    }
}
