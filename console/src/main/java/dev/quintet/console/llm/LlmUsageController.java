package dev.quintet.console.llm;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.calls.ServiceCalls;
import dev.quintet.console.security.ConsoleUser;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * {@code GET /llm-usage}: the account's router use by model per day, its latest generations, and each router key's
 * spending limit (set through {@link KeyLimitsController}).
 */
@Controller
final class LlmUsageController {

    static final int DAYS = 30;
    static final int RECENT = 20;

    private final ServiceCalls calls;
    private final Clock clock;
    private final ModelCharts charts = new ModelCharts(DAYS);

    LlmUsageController(ServiceCalls calls, Clock clock) {
        this.calls = calls;
        this.clock = clock;
    }

    @GetMapping("/llm-usage")
    String usage(@AuthenticationPrincipal ConsoleUser user, HttpSession session,
                 @RequestParam(name = "measure", required = false) String measureKey, Model model) {
        Measure measure = Measure.named(measureKey == null ? "cost" : measureKey).orElse(Measure.COST);
        ServiceAnswer activity = calls.get(user, session, "router", "/api/v1/activity");
        ServiceAnswer recent = calls.get(user, session, "router", "/api/v1/generations?limit=" + RECENT);
        List<ActivityRow> rows = activity.ok()
                ? activity.body().path("data").valueStream().map(ActivityRow::of).toList() : List.of();
        model.addAttribute("problem", !activity.ok() ? activity.message() : !recent.ok() ? recent.message() : null);
        model.addAttribute("measure", measure.key());
        model.addAttribute("measures", List.of(Measure.values()).stream().map(Measure::key).toList());
        model.addAttribute("chart", charts.chart(rows, measure, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)));
        model.addAttribute("totals", ModelCharts.totals(rows));
        model.addAttribute("days", rows);
        model.addAttribute("generations", recent.ok()
                ? recent.body().path("data").valueStream().map(GenerationRow::of).toList() : List.of());
        ServiceAnswer keys = calls.get(user, session, "router", "/api/v1/keys");
        model.addAttribute("limits", keys.ok()
                ? keys.body().path("data").valueStream().map(KeyLimitRow::of).toList() : List.of());
        model.addAttribute("resets", LimitReset.choices());
        model.addAttribute("limitsProblem", keys.ok() ? null : "Key limits could not be read: " + keys.message());
        return "llm-usage";
    }
}
