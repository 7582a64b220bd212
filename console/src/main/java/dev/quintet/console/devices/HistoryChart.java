package dev.quintet.console.devices;

import dev.quintet.console.web.ChartFrame;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/** A numeric datastream's averages over a span, laid out as an SVG polyline. */
public record HistoryChart(String title, String line, List<Dot> dots, String minLabel, String maxLabel, String fromLabel,
                    String toLabel) {

    static final int LEFT = 64;
    static final int TOP = 16;
    static final int PLOT_WIDTH = 600;
    static final int PLOT_HEIGHT = 150;
    static final ChartFrame FRAME = new ChartFrame(LEFT, TOP, PLOT_WIDTH, PLOT_HEIGHT, 30);
    private static final DateTimeFormatter LABEL = DateTimeFormatter.ofPattern("MMM d HH:mm", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    /** A bucket's average, with its time and value for a tooltip. */
    public record Dot(int x, int y, String label) {
    }

    /** Lays out the {@code points} ({@code {t, value}}, empty buckets skipped) between {@code from} and {@code to}. */
    static HistoryChart of(String title, JsonNode points, Instant from, Instant to) {
        List<Instant> times = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (JsonNode p : points) {
            if (p.path("value").isNumber()) {
                times.add(Instant.parse(p.path("t").asString()));
                values.add(p.path("value").asDouble());
            }
        }
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double spread = max == min ? 1 : max - min;
        double span = Math.max(1, to.toEpochMilli() - from.toEpochMilli());
        List<Dot> dots = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            int x = LEFT + (int) Math.round((times.get(i).toEpochMilli() - from.toEpochMilli()) * PLOT_WIDTH / span);
            int y = TOP + PLOT_HEIGHT - (int) Math.round((values.get(i) - min) * PLOT_HEIGHT / spread);
            line.append(line.isEmpty() ? "" : " ").append(x).append(',').append(y);
            dots.add(new Dot(x, y, LABEL.format(times.get(i)) + " UTC: " + number(values.get(i))));
        }
        return new HistoryChart(title, line.toString(), dots, number(min), number(max), LABEL.format(from),
                LABEL.format(to));
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(Locale.ENGLISH, "%.3f", v).replaceAll("0+$", "");
    }

    public boolean empty() {
        return dots.isEmpty();
    }

    public ChartFrame frame() {
        return FRAME;
    }
}
