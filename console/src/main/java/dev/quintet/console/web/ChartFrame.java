package dev.quintet.console.web;

/**
 * Where an inline SVG chart draws: a plot area {@code plotWidth} by {@code plotHeight} with {@code left} room for
 * the y-axis labels, {@code top} above it and {@code below} under it for the x-axis labels.
 */
public record ChartFrame(int left, int top, int plotWidth, int plotHeight, int below) {

    public int width() {
        return left + plotWidth + 16;
    }

    public int height() {
        return top + plotHeight + below;
    }

    public int baseline() {
        return top + plotHeight;
    }

    public int right() {
        return left + plotWidth;
    }
}
