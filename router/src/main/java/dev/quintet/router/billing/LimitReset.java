package dev.quintet.router.billing;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The windows a key's spending limit applies to, in UTC: each starts afresh at the limit. */
public enum LimitReset {
    DAILY, WEEKLY, MONTHLY;

    /** Its name on the wire and in the database: {@code daily}, {@code weekly}, {@code monthly}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The one named {@code name} on the wire, if any. */
    public static Optional<LimitReset> named(String name) {
        return Arrays.stream(values()).filter(r -> r.wireName().equals(name)).findFirst();
    }

    /** The first day of the window that holds {@code day}: the day itself, its week's Monday, its month's first. */
    public LocalDate start(LocalDate day) {
        return switch (this) {
            case DAILY -> day;
            case WEEKLY -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTHLY -> day.withDayOfMonth(1);
        };
    }

    /** The first day of the window after the one that holds {@code day}. */
    public LocalDate next(LocalDate day) {
        return switch (this) {
            case DAILY -> day.plusDays(1);
            case WEEKLY -> start(day).plusWeeks(1);
            case MONTHLY -> start(day).plusMonths(1);
        };
    }
}
