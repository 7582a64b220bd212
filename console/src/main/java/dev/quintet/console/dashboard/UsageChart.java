package dev.quintet.console.dashboard;

import dev.quintet.console.web.ChartFrame;
import java.util.List;

/**
 * One service's last days of use, laid out for an inline SVG bar chart: admitted requests and refused (429)
 * requests per day, side by side.
 */
public record UsageChart(String service, String name, long requests, long throttled, String summary,
                         String scaleLabel, List<Bar> bars, List<Tick> ticks, List<DayRow> activeDays) {

    static final int LEFT = 64;
    static final int TOP = 20;
    static final int PLOT_WIDTH = 600;
    static final int PLOT_HEIGHT = 130;
    static final ChartFrame FRAME = new ChartFrame(LEFT, TOP, PLOT_WIDTH, PLOT_HEIGHT, 34);

    /** One bar; {@code kind} is {@code requests} or {@code throttled}. */
    public record Bar(int x, int y, int width, int height, String kind, String label) {
    }

    /** A date under the x axis; {@code anchor} is the SVG text-anchor. */
    public record Tick(int x, String text, String anchor) {
    }

    /** A day with any traffic, for the table beside the chart. */
    public record DayRow(String day, long requests, long throttled) {
    }

    public ChartFrame frame() {
        return FRAME;
    }

    public String ariaLabel() {
        return name + " usage per day: " + summary;
    }
}
