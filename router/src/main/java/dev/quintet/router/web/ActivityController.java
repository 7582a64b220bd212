package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.router.generations.Activity;
import dev.quintet.router.generations.Generations;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /activity}: the account's use per UTC day, model and provider over the last 30 days, today included,
 * in OpenRouter's shape.
 */
@RestController
final class ActivityController {

    static final int DAYS = 30;

    private final Generations generations;
    private final Clock clock;

    ActivityController(Generations generations, Clock clock) {
        this.generations = generations;
        this.clock = clock;
    }

    @GetMapping({"/api/v1/activity", "/v1/activity"})
    Map<String, List<ActivityView>> activity(@RequestParam(name = "date", required = false) String date,
                                             @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate first = today.minusDays(DAYS - 1L);
        LocalDate last = today;
        if (date != null) {
            first = day(date, first, today);
            last = first;
        }
        return Map.of("data", generations.activity(holder.accountId(), first, last).stream()
                .map(ActivityView::of).toList());
    }

    private static LocalDate day(String text, LocalDate first, LocalDate today) {
        LocalDate day;
        try {
            day = LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidParameter("date", "date must be a UTC day as YYYY-MM-DD, got '"
                    + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'");
        }
        if (day.isBefore(first) || day.isAfter(today)) {
            throw ApiException.invalidParameter("date", "date must be within the last " + DAYS + " days ("
                    + first + " to " + today + "), got " + day);
        }
        return day;
    }

    record ActivityView(String date, String model, String modelPermaslug, String providerName, BigDecimal usage,
                        BigDecimal byokUsageInference, long requests, long promptTokens, long completionTokens,
                        long reasoningTokens) {

        static ActivityView of(Activity a) {
            return new ActivityView(a.day().toString(), a.model(), a.model(), a.provider(),
                    a.cost().stripTrailingZeros(), BigDecimal.ZERO, a.requests(), a.promptTokens(),
                    a.completionTokens(), a.reasoningTokens());
        }
    }
}
