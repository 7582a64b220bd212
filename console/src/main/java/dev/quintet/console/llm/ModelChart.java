package dev.quintet.console.llm;

import dev.quintet.console.web.ChartFrame;
import java.util.List;

/** Use per day over the last days, one stacked bar a day, one colour per model, laid out for an inline SVG. */
public record ModelChart(String measure, String summary, String scaleLabel, List<Bar> bars, List<Tick> ticks,
                  List<Series> legend) {

    static final int LEFT = 64;
    static final int TOP = 20;
    static final int PLOT_WIDTH = 600;
    static final int PLOT_HEIGHT = 150;
    static final ChartFrame FRAME = new ChartFrame(LEFT, TOP, PLOT_WIDTH, PLOT_HEIGHT, 34);

    /** A model's part of one day's bar; {@code series} picks its colour. */
    public record Bar(int x, int y, int width, int height, int series, String label) {
    }

    /** A date under the x axis; {@code anchor} is the SVG text-anchor. */
    public record Tick(int x, String text, String anchor) {
    }

    /** A legend entry. */
    public record Series(int index, String model, String total) {
    }

    public ChartFrame frame() {
        return FRAME;
    }

    public String ariaLabel() {
        return "LLM use per day by model, " + measure + ": " + summary;
    }
}
