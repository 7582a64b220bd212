package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Model;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The orders of {@code GET /models?sort=}, by OpenRouter's names. Models without the figure sorted by (not measured
 * here lately, no known context window) come last; models with equal figures keep the catalog's order.
 */
enum ModelSort {
    PRICING_LOW_TO_HIGH("pricing-low-to-high", ModelFigures::price, true),
    PRICING_HIGH_TO_LOW("pricing-high-to-low", ModelFigures::price, false),
    NEWEST("newest", ModelFigures::created, false),
    OLDEST("oldest", ModelFigures::created, true),
    CONTEXT_HIGH_TO_LOW("context-high-to-low", ModelFigures::contextLength, false),
    THROUGHPUT_HIGH_TO_LOW("throughput-high-to-low", ModelFigures::throughput, false),
    LATENCY_LOW_TO_HIGH("latency-low-to-high", ModelFigures::latency, true);

    private final String value;
    private final BiFunction<ModelFigures, Model, BigDecimal> figure;
    private final boolean ascending;

    ModelSort(String value, BiFunction<ModelFigures, Model, BigDecimal> figure, boolean ascending) {
        this.value = value;
        this.figure = figure;
        this.ascending = ascending;
    }

    /** The order named {@code value}; null (the catalog's order) when it is absent or blank. */
    static ModelSort parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return Arrays.stream(values()).filter(s -> s.value.equals(value.strip())).findFirst()
                .orElseThrow(() -> ApiException.invalidParameter("sort", "sort must be one of " + String.join(", ",
                        Arrays.stream(values()).map(s -> s.value).toList()) + ", got '" + value + "'"));
    }

    /**
     * {@code models} in this order. Each model's figure is read once, before sorting, so that calls measured
     * meanwhile cannot change it mid-sort.
     */
    List<Model> sort(List<Model> models, ModelFigures figures) {
        record Keyed(Model model, BigDecimal key) {
        }
        Comparator<BigDecimal> order = ascending ? Comparator.naturalOrder() : Comparator.reverseOrder();
        return models.stream().map(m -> new Keyed(m, figure.apply(figures, m)))
                .sorted(Comparator.comparing(Keyed::key, Comparator.nullsLast(order))).map(Keyed::model).toList();
    }
}
