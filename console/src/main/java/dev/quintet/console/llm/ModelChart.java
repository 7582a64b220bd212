package dev.quintet.console.llm;

import java.util.List;

/** Use per day over the last days, one stacked bar a day, one colour per model, laid out for an inline SVG. */
public record ModelChart(String measure, String summary, String scaleLabel, List<Bar> bars, List<Tick> ticks,
                  List<Series> legend) {

    static final int LEFT = 64;
    static final int TOP = 20;
    static final int PLOT_WIDTH = 600;
    static final int PLOT_HEIGHT = 150;

    /** A model's part of one day's bar; {@code series} picks its colour. */
    public record Bar(int x, int y, int width, int height, int series, String label) {
    }

    /** A date under the x axis; {@code anchor} is the SVG text-anchor. */
    public record Tick(int x, String text, String anchor) {
    }

    /** A legend entry. */
    public record Series(int index, String model, String total) {
    }

    public int width() {
        return LEFT + PLOT_WIDTH + 16;
    }

    public int height() {
        return TOP + PLOT_HEIGHT + 34;
    }

    public int left() {
        return LEFT;
    }

    public int top() {
        return TOP;
    }

    public int baseline() {
        return TOP + PLOT_HEIGHT;
    }

    public int right() {
        return LEFT + PLOT_WIDTH;
    }

    public String ariaLabel() {
        return "LLM use per day by model, " + measure + ": " + summary;
    }
}
