package dev.quintet.console.llm;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Stacks each day's use by model: the most used models get their own colour, the rest share one. */
final class ModelCharts {

    static final int NAMED_MODELS = 5;
    static final String OTHERS = "other models";
    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("MMM d", Locale.ENGLISH);

    private final int days;

    ModelCharts(int days) {
        this.days = days;
    }

    ModelChart chart(List<ActivityRow> rows, Measure measure, LocalDate today) {
        LocalDate first = today.minusDays(days - 1L);
        Map<String, Double> byModel = new LinkedHashMap<>();
        rows.forEach(r -> byModel.merge(r.model(), measure.of(r), Double::sum));
        List<String> named = byModel.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(NAMED_MODELS).map(Map.Entry::getKey).toList();
        Map<LocalDate, double[]> perDay = new TreeMap<>();
        for (ActivityRow r : rows) {
            if (!r.day().isBefore(first) && !r.day().isAfter(today)) {
                int series = named.contains(r.model()) ? named.indexOf(r.model()) : named.size();
                perDay.computeIfAbsent(r.day(), d -> new double[named.size() + 1])[series] += measure.of(r);
            }
        }
        double max = perDay.values().stream().mapToDouble(ModelCharts::sum).max().orElse(0);
        int slot = ModelChart.PLOT_WIDTH / days;
        List<ModelChart.Bar> bars = new ArrayList<>();
        perDay.forEach((day, parts) -> stack(bars, day, parts, named, measure, max,
                ModelChart.LEFT + (int) ChronoUnit.DAYS.between(first, day) * slot + 1, Math.max(1, slot - 2)));
        double total = byModel.values().stream().mapToDouble(Double::doubleValue).sum();
        return new ModelChart(measure.label(), measure.format(total) + " over the last " + days + " days",
                measure.format(max), bars, ticks(first, today, slot), legend(named, byModel, measure));
    }

    private static void stack(List<ModelChart.Bar> bars, LocalDate day, double[] parts, List<String> named,
                              Measure measure, double max, int x, int width) {
        int top = ModelChart.TOP + ModelChart.PLOT_HEIGHT;
        for (int series = 0; series < parts.length; series++) {
            if (parts[series] <= 0) {
                continue;
            }
            int height = (int) Math.max(1, Math.round(parts[series] * ModelChart.PLOT_HEIGHT / max));
            top -= height;
            String model = series < named.size() ? named.get(series) : OTHERS;
            bars.add(new ModelChart.Bar(x, top, width, height, series, day + ", " + model + ": "
                    + measure.format(parts[series])));
        }
    }

    private static List<ModelChart.Series> legend(List<String> named, Map<String, Double> byModel, Measure measure) {
        List<ModelChart.Series> legend = new ArrayList<>();
        for (int i = 0; i < named.size(); i++) {
            legend.add(new ModelChart.Series(i, named.get(i), measure.format(byModel.get(named.get(i)))));
        }
        double rest = byModel.entrySet().stream().filter(e -> !named.contains(e.getKey()))
                .mapToDouble(Map.Entry::getValue).sum();
        if (byModel.size() > named.size()) {
            legend.add(new ModelChart.Series(named.size(), OTHERS, measure.format(rest)));
        }
        return legend;
    }

    private List<ModelChart.Tick> ticks(LocalDate first, LocalDate today, int slot) {
        int middle = days / 2;
        return List.of(
                new ModelChart.Tick(ModelChart.LEFT, SHORT.format(first), "start"),
                new ModelChart.Tick(ModelChart.LEFT + middle * slot + slot / 2, SHORT.format(first.plusDays(middle)),
                        "middle"),
                new ModelChart.Tick(ModelChart.LEFT + ModelChart.PLOT_WIDTH, SHORT.format(today), "end"));
    }

    private static double sum(double[] parts) {
        double s = 0;
        for (double p : parts) {
            s += p;
        }
        return s;
    }

    /** Per model over all days: requests, tokens and cost, most costly first. */
    static List<ModelTotal> totals(List<ActivityRow> rows) {
        Map<String, ModelTotal> byModel = new LinkedHashMap<>();
        rows.forEach(r -> byModel.merge(r.model(), ModelTotal.of(r), ModelTotal::plus));
        return byModel.values().stream()
                .sorted(Comparator.comparing(ModelTotal::cost).reversed().thenComparing(ModelTotal::model)).toList();
    }
}
