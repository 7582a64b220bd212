package dev.quintet.console.dashboard;

import dev.quintet.console.web.AxisNumbers;
import dev.quintet.platform.usage.UsageCounters.Day;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Lays out each service's daily counts as bars over a fixed number of days ending today. */
final class UsageCharts {

    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("MMM d", Locale.ENGLISH);

    private final int days;

    UsageCharts(int days) {
        this.days = days;
    }

    UsageChart chart(String service, String name, List<Day> counts, LocalDate today) {
        LocalDate first = today.minusDays(days - 1L);
        Map<LocalDate, Day> byDay = new HashMap<>();
        counts.stream()
                .filter(d -> d.service().equals(service) && !d.day().isBefore(first) && !d.day().isAfter(today))
                .forEach(d -> byDay.put(d.day(), d));
        long requests = byDay.values().stream().mapToLong(Day::requests).sum();
        long throttled = byDay.values().stream().mapToLong(Day::throttled).sum();
        long max = byDay.values().stream().mapToLong(d -> Math.max(d.requests(), d.throttled())).max().orElse(0);
        int slot = UsageChart.PLOT_WIDTH / days;
        int barWidth = Math.max(1, (slot - 2) / 2);
        List<UsageChart.Bar> bars = new ArrayList<>();
        List<UsageChart.DayRow> active = new ArrayList<>();
        for (int i = 0; i < days; i++) {
            LocalDate day = first.plusDays(i);
            Day d = byDay.get(day);
            if (d != null) {
                int x = UsageChart.LEFT + i * slot + 1;
                addBar(bars, x, barWidth, d.requests(), max, "requests", day + ": " + count(d.requests(), "request"));
                addBar(bars, x + barWidth, barWidth, d.throttled(), max, "throttled",
                        day + ": " + d.throttled() + " refused (429)");
                active.add(new UsageChart.DayRow(day.toString(), d.requests(), d.throttled()));
            }
        }
        String summary = count(requests, "request") + ", " + throttled + " refused (429) in the last " + days + " days";
        return new UsageChart(service, name, requests, throttled, summary, AxisNumbers.compact(max), bars,
                ticks(first, today, slot), active);
    }

    private List<UsageChart.Tick> ticks(LocalDate first, LocalDate today, int slot) {
        int middle = days / 2;
        return List.of(
                new UsageChart.Tick(UsageChart.LEFT, SHORT.format(first), "start"),
                new UsageChart.Tick(UsageChart.LEFT + middle * slot + slot / 2, SHORT.format(first.plusDays(middle)), "middle"),
                new UsageChart.Tick(UsageChart.LEFT + UsageChart.PLOT_WIDTH, SHORT.format(today), "end"));
    }

    private static void addBar(List<UsageChart.Bar> bars, int x, int width, long value, long max, String kind,
                               String label) {
        if (value == 0) {
            return;
        }
        int height = (int) Math.max(1, Math.round((double) value * UsageChart.PLOT_HEIGHT / max));
        bars.add(new UsageChart.Bar(x, UsageChart.TOP + UsageChart.PLOT_HEIGHT - height, width, height, kind, label));
    }

    private static String count(long n, String noun) {
        return String.format(Locale.ENGLISH, "%,d %s", n, n == 1 ? noun : noun + "s");
    }
}
