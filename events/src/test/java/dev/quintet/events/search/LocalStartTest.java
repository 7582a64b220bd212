package dev.quintet.events.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.events.catalog.Venue;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The stored local start across a change of clocks: London moves from GMT to BST at 01:00 UTC on Sunday
 * 2026-03-29, so an event at 23:30 UTC that Sunday starts at 00:30 on Monday the 30th, local time. Now is Saturday
 * 2026-03-28 12:00 UTC.
 */
class LocalStartTest {

    static final Instant NOW = Instant.parse("2026-03-28T12:00:00Z");

    static TestPlatform platform;
    static JdbcClient jdbc;
    static EventSearch search;
    static long organizer;
    static long saturdayNight;
    static long sundayBeforeTheChange;
    static long sundayNight;
    static long mondayAfterTheChange;

    @BeforeAll
    static void start() {
        MutableClock clock = new MutableClock(NOW);
        platform = TestPlatform.start(clock);
        SchemaMigrations.migrate(platform.bean(DataSource.class), "events");
        jdbc = platform.bean(JdbcClient.class);
        search = new EventSearch(jdbc, clock);
        Events events = new Events(jdbc, clock);
        organizer = events.addOrganizer(null, "Clock change " + UUID.randomUUID(), "", null);
        long hall = events.addVenue(new Venue(0, "Southbank Hall", "1 Belvedere Road", "London", null, null, "GB",
                51.5055, -0.1160, "Europe/London", 300));
        saturdayNight = event(events, hall, "Saturday late show", "2026-03-28T23:30:00Z");
        sundayBeforeTheChange = event(events, hall, "Sunday small hours", "2026-03-29T00:30:00Z");
        sundayNight = event(events, hall, "Sunday night", "2026-03-29T22:30:00Z");
        mondayAfterTheChange = event(events, hall, "Monday small hours", "2026-03-29T23:30:00Z");
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static long event(Events events, long venue, String name, String utc) {
        Instant start = Instant.parse(utc);
        return events.addEvent(Event.of(organizer, venue, name, "<p>Music.</p>", "Music.", null, "Europe/London", start,
                start.plus(Duration.ofMinutes(90)), "live", false, true, 100, "GBP", "103", "6"),
                List.of(new TicketClass(0, 0, "Free", true, null, "GBP", 100, 0, null, null)));
    }

    static LocalDateTime localStart(long id) {
        return jdbc.sql("SELECT start_local FROM events.events WHERE id = :id").param("id", id)
                .query(LocalDateTime.class).single();
    }

    static List<Long> found(String... pairs) {
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("organizer.id", new String[] {String.valueOf(organizer)});
        for (int i = 0; i < pairs.length; i += 2) {
            params.put(pairs[i], new String[] {pairs[i + 1]});
        }
        return search.search(SearchQuery.parse(params)).events().stream().map(Event::id).toList();
    }

    @Test
    void storesTheWallClockStartOnEitherSideOfTheChange() {
        assertThat(localStart(saturdayNight)).isEqualTo(LocalDateTime.parse("2026-03-28T23:30"));
        assertThat(localStart(sundayBeforeTheChange)).isEqualTo(LocalDateTime.parse("2026-03-29T00:30"));
        assertThat(localStart(sundayNight)).isEqualTo(LocalDateTime.parse("2026-03-29T23:30"));
        assertThat(localStart(mondayAfterTheChange)).isEqualTo(LocalDateTime.parse("2026-03-30T00:30"));
    }

    @Test
    void readsDateKeywordsByTheLocalDayAfterTheChange() {
        assertThat(found("start_date.keyword", "today")).containsExactly(saturdayNight);
        assertThat(found("start_date.keyword", "tomorrow")).containsExactly(sundayBeforeTheChange, sundayNight);
        assertThat(found("start_date.keyword", "this_weekend"))
                .containsExactly(saturdayNight, sundayBeforeTheChange, sundayNight);
        assertThat(found("start_date.keyword", "next_week")).containsExactly(mondayAfterTheChange);
    }

    @Test
    void readsLocalRangeBoundsByTheLocalStart() {
        assertThat(found("start_date.range_start", "2026-03-30T00:00:00")).containsExactly(mondayAfterTheChange);
        assertThat(found("start_date.range_end", "2026-03-29T23:59:59"))
                .containsExactly(saturdayNight, sundayBeforeTheChange, sundayNight);
    }

    @Test
    void followsAChangeOfZone() {
        long moved = jdbc.sql("INSERT INTO events.events (organizer_id, venue_id, name, timezone, start_utc, end_utc, "
                        + "status, online_event, is_free, created_at, changed_at, search) SELECT organizer_id, NULL, "
                        + "'Moved online', timezone, start_utc, end_utc, 'draft', true, is_free, created_at, changed_at, "
                        + "search FROM events.events WHERE id = :id RETURNING id")
                .param("id", mondayAfterTheChange).query(Long.class).single();
        assertThat(localStart(moved)).isEqualTo(LocalDateTime.parse("2026-03-30T00:30"));

        jdbc.sql("UPDATE events.events SET timezone = 'America/New_York' WHERE id = :id").param("id", moved).update();

        assertThat(localStart(moved)).isEqualTo(LocalDateTime.parse("2026-03-29T19:30"));
    }
}
