package dev.quintet.events.search;

import dev.quintet.events.catalog.Events;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.postgresql.util.PGobject;

/**
 * A {@link SearchQuery}'s conditions as SQL over {@code events.events e} (and {@code events.venues v} when a place
 * is asked). Conditions read in each event's zone or through {@code events.event_status} come with a looser UTC
 * bound on {@code e.start_utc} or {@code e.end_utc} that an index can serve; the exact condition still decides.
 */
final class SearchFilter {

    /** Stored statuses the sweep has not moved past the end, as in the predicate of the partial search indexes. */
    static final String UPCOMING = "e.status IN ('live', 'started')";
    /**
     * Events the sweep stored as ended while they have not ended by the clock (none, unless the clock was set back),
     * found by their end first, so PostgreSQL never builds a bitmap from another index to intersect with nothing.
     */
    static final String SWEPT = "e.id = ANY(ARRAY(SELECT s.id FROM events.events s "
            + "WHERE s.status IN ('ended', 'completed') AND s.end_utc > :now))";
    static final String DISTANCE =
            "events.earth_distance(events.ll_to_earth(:lat, :lon), events.ll_to_earth(v.latitude, v.longitude))";
    private static final ZoneOffset EARLIEST = ZoneOffset.ofHours(-12);
    private static final ZoneOffset LATEST = ZoneOffset.ofHours(14);
    private static final String WEEK_START = "date_trunc('week', d.today::timestamp)::date";
    private static final String LOCAL_DAYS = " CROSS JOIN LATERAL (SELECT e.start_local::date AS start_day, "
            + "(CAST(:now AS timestamptz) AT TIME ZONE e.timezone)::date AS today) d";
    private static final String TEXT = "e.search @@ :words";
    /** What the upcoming events' text index ({@code events_upcoming_text}) holds of each event. */
    private static final String TEXT_INDEX_COLUMNS = "e.id, e.start_utc, e.end_utc, e.start_local, e.timezone, e.search";

    /** Disjoint conditions on the stored status; a search unites what each part finds. */
    final List<String> parts = new ArrayList<>();
    final List<String> eventConditions = new ArrayList<>();
    final List<String> venueConditions = new ArrayList<>();
    final Map<String, Object> params = new LinkedHashMap<>();
    /** Online events are found along with those at venues in range ({@code include_online=true} with a place). */
    final boolean onlineToo;
    /** Whether {@code q} is asked: text matches come from the full-text index, not in start order. */
    final boolean text;
    private boolean localDays;
    /** Whether every condition but the text is on what the upcoming events' text index holds (see {@link #soonest}). */
    private final boolean textIndexCovers;

    /**
     * {@code words} is {@code q} as a {@code tsquery}, made once by PostgreSQL and bound as a value of that type, so
     * no plan makes it again for each candidate; null without {@code q}.
     */
    SearchFilter(SearchQuery query, Instant now, PGobject words) {
        params.put("now", now.atOffset(ZoneOffset.UTC));
        status(query.statuses());
        text = words != null;
        if (text) {
            eventConditions.add(TEXT);
            params.put("words", words);
        }
        if (query.latitude() != null) {
            params.put("lat", query.latitude());
            params.put("lon", query.longitude());
            params.put("meters", query.withinMeters());
            venueConditions.add("events.earth_box(events.ll_to_earth(:lat, :lon), :meters) OPERATOR(events.@>) "
                    + "events.ll_to_earth(v.latitude, v.longitude)");
            venueConditions.add(DISTANCE + " <= :meters");
        }
        onlineToo = query.latitude() != null && Boolean.TRUE.equals(query.includeOnline());
        if (Boolean.FALSE.equals(query.includeOnline())) {
            eventConditions.add("NOT e.online_event");
        }
        bound(query.rangeStart(), ">=", "range_start", -1);
        bound(query.rangeEnd(), "<=", "range_end", 1);
        if (query.keyword() != null) {
            keyword(query.keyword(), now);
        }
        if (query.categories().size() == 1) {
            // One category as an equality, not = ANY: only then does its index give the events in start order.
            eventConditions.add("e.category_id = :category");
            params.put("category", query.categories().getFirst());
        } else if (!query.categories().isEmpty()) {
            eventConditions.add("e.category_id = ANY(:categories)");
            params.put("categories", query.categories().toArray(String[]::new));
        }
        if (!query.subcategories().isEmpty()) {
            eventConditions.add("e.subcategory_id = ANY(:subcategories)");
            params.put("subcategories", query.subcategories().toArray(String[]::new));
        }
        if (!query.formats().isEmpty()) {
            eventConditions.add("e.format_id = ANY(:formats)");
            params.put("formats", query.formats().toArray(String[]::new));
        }
        if (query.free() != null) {
            eventConditions.add(query.free() ? "e.is_free" : "NOT e.is_free");
        }
        if (query.onlineOnly()) {
            eventConditions.add("e.online_event");
        }
        if (query.organizerId() != null) {
            eventConditions.add("e.organizer_id = :organizer");
            params.put("organizer", query.organizerId());
        }
        textIndexCovers = parts.contains(UPCOMING) && query.latitude() == null && query.includeOnline() == null
                && query.categories().isEmpty() && query.subcategories().isEmpty() && query.formats().isEmpty()
                && query.free() == null && !query.onlineOnly() && query.organizerId() == null;
    }

    /** Only events after this one in date order: the page after a continuation's last event. */
    void after(Instant start, long id) {
        eventConditions.add("(e.start_utc, e.id) > (:after_start, :after_id)");
        params.put("after_start", start.atOffset(ZoneOffset.UTC));
        params.put("after_id", id);
    }

    /**
     * For a text search whose other conditions are on times alone: the first {@code :window} upcoming events (those
     * not yet stored as ended) that meet the other conditions, in start order, with what the text index holds of
     * each, so PostgreSQL reads them from that index in order without visiting the table or deciding how common the
     * words are; null for any other search. Their text is tested outside, as {@code e.search @@ :words}. None at all
     * while some event stored as ended has not ended by the clock (a clock set back): those are not upcoming, and
     * the soonest matches could be among them.
     */
    String soonest() {
        if (!text || !textIndexCovers) {
            return null;
        }
        List<String> all = new ArrayList<>(List.of(UPCOMING, "NOT EXISTS (SELECT 1 FROM events.events s "
                + "WHERE s.status IN ('ended', 'completed') AND s.end_utc > :now)"));
        all.addAll(eventConditions.stream().filter(c -> !c.equals(TEXT)).toList());
        return "SELECT " + TEXT_INDEX_COLUMNS + " FROM " + from() + " WHERE " + String.join(" AND ", all)
                + " ORDER BY e.start_utc, e.id LIMIT :window";
    }

    /** Whether a place is asked: events must be at a venue in range. */
    boolean place() {
        return !venueConditions.isEmpty();
    }

    private String from() {
        return "events.events e" + (localDays ? LOCAL_DAYS : "");
    }

    /**
     * What matches, as a {@code UNION ALL} of one {@code SELECT columns} per status part, each with {@code extra}
     * conditions and ending in {@code tail}; the venue's conditions are left out when {@code venue} is false.
     * Selecting only columns the search indexes hold lets PostgreSQL test and order the candidates from the index.
     * The venues in range are found first and given as a list of ids, so a full-text bitmap is built once, not
     * once per venue. The part of events the sweep stored as ended takes no {@code tail}: it is empty unless the
     * clock was set back, and with an order and a limit PostgreSQL would walk the start index through every event
     * looking for its first rows.
     */
    String matches(String columns, boolean venue, String extra, String tail) {
        List<String> selects = new ArrayList<>();
        for (String part : parts) {
            selects.add(select(columns, part, venue, extra, tail));
        }
        if (venue && onlineToo) {
            selects.add(onlineMatches(columns, extra, tail));
        }
        return String.join(" UNION ALL ", selects);
    }

    /** The online events that match, for a search around a place that includes them; only when {@link #onlineToo}. */
    String onlineMatches(String columns, String extra, String tail) {
        return String.join(" UNION ALL ", parts.stream()
                .map(part -> select(columns, part + " AND e.online_event", false, extra, tail)).toList());
    }

    private String select(String columns, String part, boolean venue, String extra, String tail) {
        List<String> all = new ArrayList<>(List.of(part));
        all.addAll(eventConditions);
        if (venue && place()) {
            all.add("e.venue_id = ANY(ARRAY(SELECT v.id FROM events.venues v WHERE "
                    + String.join(" AND ", venueConditions) + "))");
        }
        return "(SELECT " + columns + " FROM " + from() + " WHERE " + String.join(" AND ", all) + extra + " "
                + (part.startsWith(SWEPT) ? "" : tail) + ")";
    }

    /**
     * Live and started, the usual ask, as bounds on the times, searched in two parts: events the sweep has not yet
     * stored as ended (most, and an index holds only them) and, for a clock set back, those it has; other mixes go
     * through the status rule in one part.
     */
    private void status(List<String> statuses) {
        Set<String> asked = Set.copyOf(statuses);
        String time = asked.equals(Set.of("live", "started")) ? "e.end_utc > :now"
                : asked.equals(Set.of("live")) ? "e.start_utc > :now"
                : asked.equals(Set.of("started")) ? "e.start_utc <= :now AND e.end_utc > :now" : null;
        if (time == null) {
            parts.add("e.status <> 'draft' AND " + Events.STATUS + " = ANY(:statuses)");
            params.put("statuses", statuses.toArray(String[]::new));
        } else {
            parts.add(UPCOMING);
            parts.add(SWEPT);
            eventConditions.add(time);
        }
    }

    /**
     * A bound on the start; a local one also gets a UTC bound a day looser, as no zone is a day from UTC, so
     * {@code e.start_utc} can narrow the scan.
     */
    private void bound(SearchQuery.Bound bound, String op, String name, int looserDays) {
        if (bound == null) {
            return;
        }
        if (bound.utc() != null) {
            eventConditions.add("e.start_utc " + op + " :" + name);
            params.put(name, bound.utc().atOffset(ZoneOffset.UTC));
        } else {
            eventConditions.add("e.start_local " + op + " :" + name);
            eventConditions.add("e.start_utc " + op + " :" + name + "_utc");
            params.put(name, bound.local());
            params.put(name + "_utc", bound.local().atOffset(ZoneOffset.UTC).plusDays(looserDays));
        }
    }

    /**
     * A date keyword in each event's zone, plus the UTC bounds of the days it can mean in any zone: today is one of
     * the dates UTC-12 to UTC+14 have now, and a local day lies between its start at UTC+14 and its end at UTC-12.
     */
    private void keyword(String keyword, Instant now) {
        localDays = true;
        eventConditions.add("e.end_utc > :now");
        eventConditions.add(switch (keyword) {
            case "today" -> "d.start_day = d.today";
            case "tomorrow" -> "d.start_day = d.today + 1";
            case "this_week" -> "d.start_day BETWEEN " + WEEK_START + " AND " + WEEK_START + " + 6";
            case "this_weekend" -> "d.start_day BETWEEN " + WEEK_START + " + 5 AND " + WEEK_START + " + 6";
            case "next_week" -> "d.start_day BETWEEN " + WEEK_START + " + 7 AND " + WEEK_START + " + 13";
            default -> "date_trunc('month', d.start_day::timestamp) = date_trunc('month', d.today::timestamp)";
        });
        LocalDate first = LocalDate.ofInstant(now, EARLIEST);
        LocalDate last = LocalDate.ofInstant(now, LATEST);
        LocalDate from = days(keyword, first)[0];
        LocalDate to = days(keyword, last)[1];
        eventConditions.add("e.start_utc >= :keyword_from AND e.start_utc < :keyword_to");
        params.put("keyword_from", from.atStartOfDay().atOffset(LATEST));
        params.put("keyword_to", to.plusDays(1).atStartOfDay().atOffset(EARLIEST));
    }

    /** The first and last local day a keyword means when today is {@code today}. */
    private static LocalDate[] days(String keyword, LocalDate today) {
        LocalDate week = today.with(DayOfWeek.MONDAY);
        return switch (keyword) {
            case "today" -> new LocalDate[] {today, today};
            case "tomorrow" -> new LocalDate[] {today.plusDays(1), today.plusDays(1)};
            case "this_week" -> new LocalDate[] {week, week.plusDays(6)};
            case "this_weekend" -> new LocalDate[] {week.plusDays(5), week.plusDays(6)};
            case "next_week" -> new LocalDate[] {week.plusDays(7), week.plusDays(13)};
            default -> new LocalDate[] {today.withDayOfMonth(1), today.withDayOfMonth(today.lengthOfMonth())};
        };
    }
}
