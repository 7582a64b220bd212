package dev.quintet.devices.values;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** How history points are combined per interval; {@code none} returns the raw points. */
public enum Aggregation {
    NONE(null), AVG("avg(number)"), MIN("min(number)"), MAX("max(number)"), SUM("sum(number)"), COUNT("count(*)");

    final String sql;

    Aggregation(String sql) {
        this.sql = sql;
    }

    public static Optional<Aggregation> named(String name) {
        return Arrays.stream(values()).filter(a -> a.key().equals(name)).findFirst();
    }

    public static String names() {
        return Arrays.stream(values()).map(Aggregation::key).collect(Collectors.joining(", "));
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
