package dev.quintet.console.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.console.web.AxisNumbers;
import dev.quintet.platform.usage.UsageCounters.Day;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsageChartsTest {

    private static final LocalDate TODAY = LocalDate.parse("2026-03-30");

    private final UsageCharts charts = new UsageCharts(30);

    @Test
    void drawsTheBusiestDayAtFullHeightAndOthersInProportion() {
        UsageChart chart = charts.chart("router", "LLM router", List.of(
                new Day("router", TODAY, 200, 50),
                new Day("router", TODAY.minusDays(29), 100, 0),
                new Day("router", TODAY.minusDays(30), 7_000, 7_000),
                new Day("devices", TODAY, 999, 999)), TODAY);

        assertThat(chart.requests()).isEqualTo(300);
        assertThat(chart.throttled()).isEqualTo(50);
        assertThat(chart.summary()).isEqualTo("300 requests, 50 refused (429) in the last 30 days");
        assertThat(chart.scaleLabel()).isEqualTo("200");
        assertThat(chart.bars()).extracting(UsageChart.Bar::kind, UsageChart.Bar::height).containsExactly(
                org.assertj.core.groups.Tuple.tuple("requests", 65),
                org.assertj.core.groups.Tuple.tuple("requests", 130),
                org.assertj.core.groups.Tuple.tuple("throttled", 33));
        assertThat(chart.bars().getFirst().x()).isLessThan(chart.bars().get(1).x());
        assertThat(chart.bars()).allSatisfy(bar -> {
            assertThat(bar.y() + bar.height()).isEqualTo(chart.frame().baseline());
            assertThat(bar.x() + bar.width()).isLessThanOrEqualTo(chart.frame().right());
        });
        assertThat(chart.activeDays()).extracting(UsageChart.DayRow::day).containsExactly("2026-03-01", "2026-03-30");
    }

    @Test
    void keepsATinyDayVisibleNextToAHugeOne() {
        UsageChart chart = charts.chart("router", "LLM router", List.of(
                new Day("router", TODAY, 1_000_000, 1),
                new Day("router", TODAY.minusDays(1), 1, 0)), TODAY);

        assertThat(chart.bars()).extracting(UsageChart.Bar::height).contains(1, 130);
    }

    @Test
    void drawsNoBarsForAServiceWithoutTraffic() {
        UsageChart chart = charts.chart("capture", "Page capture", List.of(new Day("router", TODAY, 5, 0)), TODAY);

        assertThat(chart.bars()).isEmpty();
        assertThat(chart.summary()).isEqualTo("0 requests, 0 refused (429) in the last 30 days");
        assertThat(chart.ticks()).extracting(UsageChart.Tick::text).containsExactly("Mar 1", "Mar 16", "Mar 30");
    }

    @Test
    void shortensLargeAxisNumbers() {
        assertThat(AxisNumbers.compact(999)).isEqualTo("999");
        assertThat(AxisNumbers.compact(1_000)).isEqualTo("1k");
        assertThat(AxisNumbers.compact(1_250)).isEqualTo("1.3k");
        assertThat(AxisNumbers.compact(34_400)).isEqualTo("34k");
        assertThat(AxisNumbers.compact(999_949)).isEqualTo("1M");
        assertThat(AxisNumbers.compact(5_600_000)).isEqualTo("5.6M");
    }
}
