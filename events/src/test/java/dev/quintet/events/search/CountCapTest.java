package dev.quintet.events.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Counts are exact up to the cap; past it they say the cap and that there are more, whether a text search's
 * soonest candidates settle it or its matches are counted as such.
 */
class CountCapTest {

    static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
    /** Words no other test's events carry: twelve events have the common one, three later ones the rare one. */
    static final String COMMON = "Quokkafest";
    static final String RARE = "Zebrafinch";

    static TestPlatform platform;
    static JdbcClient jdbc;
    static MutableClock clock;
    static long organizer;
    static long other;

    @BeforeAll
    static void start() {
        clock = new MutableClock(NOW);
        platform = TestPlatform.start(clock);
        SchemaMigrations.migrate(platform.bean(DataSource.class), "events");
        jdbc = platform.bean(JdbcClient.class);
        Events events = new Events(jdbc, clock);
        organizer = events.addOrganizer(null, "Cap test " + UUID.randomUUID(), "", null);
        for (int i = 0; i < 7; i++) {
            Instant start = NOW.plus(Duration.ofHours(1 + i));
            events.addEvent(Event.of(organizer, null, "Online talk " + i, "<p>Talk.</p>", "Talk.", null, "UTC", start,
                    start.plus(Duration.ofHours(1)), "live", true, true, 100, "USD", "102", "2"),
                    List.of(new TicketClass(0, 0, "Free", true, null, "USD", 100, 0, null, null)));
        }
        other = events.addOrganizer(null, "Cap test words " + UUID.randomUUID(), "", null);
        for (int i = 0; i < 12; i++) {
            add(events, COMMON + " " + i, NOW.plus(Duration.ofDays(1)).plus(Duration.ofHours(1 + i)));
        }
        for (int i = 0; i < 45; i++) {
            add(events, "Filler " + i, NOW.plus(Duration.ofDays(2)).plus(Duration.ofMinutes(i)));
        }
        for (int i = 0; i < 3; i++) {
            add(events, RARE + " " + i, NOW.plus(Duration.ofDays(3)).plus(Duration.ofHours(i)));
        }
    }

    static void add(Events events, String name, Instant start) {
        events.addEvent(Event.of(other, null, name, "<p>Talk.</p>", "Talk.", null, "UTC", start,
                start.plus(Duration.ofHours(1)), "live", true, true, 100, "USD", "102", "2"),
                List.of(new TicketClass(0, 0, "Free", true, null, "USD", 100, 0, null, null)));
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static SearchQuery query(String page, String pageSize) {
        return SearchQuery.parse(Map.of("organizer.id", new String[] {String.valueOf(organizer)},
                "page", new String[] {page}, "page_size", new String[] {pageSize}));
    }

    static SearchQuery text(String q, String... more) {
        Map<String, String[]> parameters = new HashMap<>(Map.of("q", new String[] {q},
                "page_size", new String[] {"2"}));
        for (int i = 0; i < more.length; i += 2) {
            parameters.put(more[i], new String[] {more[i + 1]});
        }
        return SearchQuery.parse(parameters);
    }

    @Test
    void countsExactlyUpToTheCap() {
        EventSearch.Results results = new EventSearch(jdbc, clock, 7).search(query("1", "2"));

        assertThat(results.events()).hasSize(2);
        assertThat(results.objectCount()).isEqualTo(7);
        assertThat(results.capped()).isFalse();
    }

    @Test
    void saysTheCapAndThatThereAreMorePastIt() {
        EventSearch.Results first = new EventSearch(jdbc, clock, 5).search(query("1", "2"));
        EventSearch.Results third = new EventSearch(jdbc, clock, 5).search(query("3", "2"));

        assertThat(first.objectCount()).isEqualTo(5);
        assertThat(first.capped()).isTrue();
        assertThat(third.events()).extracting(Event::name).containsExactly("Online talk 4", "Online talk 5");
        assertThat(third.objectCount()).isEqualTo(5);
        assertThat(third.capped()).isTrue();
    }

    @Test
    void aShortLastPageCountsWithoutTheCap() {
        EventSearch.Results last = new EventSearch(jdbc, clock, 5).search(query("4", "2"));

        assertThat(last.events()).extracting(Event::name).containsExactly("Online talk 6");
        assertThat(last.objectCount()).isEqualTo(7);
        assertThat(last.capped()).isFalse();
    }

    @Test
    void aCommonWordSaysTheCapAndShowsItsSoonestMatches() {
        EventSearch.Results capped = new EventSearch(jdbc, clock, 5).search(text(COMMON.toLowerCase()));
        EventSearch.Results exact = new EventSearch(jdbc, clock, 20).search(text(COMMON.toLowerCase()));

        assertThat(capped.events()).extracting(Event::name).containsExactly(COMMON + " 0", COMMON + " 1");
        assertThat(capped.objectCount()).isEqualTo(5);
        assertThat(capped.capped()).isTrue();
        assertThat(exact.events()).extracting(Event::name).containsExactly(COMMON + " 0", COMMON + " 1");
        assertThat(exact.objectCount()).isEqualTo(12);
        assertThat(exact.capped()).isFalse();
    }

    @Test
    void aCommonWordOnALocalDayIsCountedOnThatDayOnly() {
        // Eleven of the twelve start on 11 June (UTC, the events' zone); the last at midnight, on the 12th.
        EventSearch.Results capped = new EventSearch(jdbc, clock, 5)
                .search(text(COMMON, "start_date.keyword", "tomorrow"));
        EventSearch.Results exact = new EventSearch(jdbc, clock, 20)
                .search(text(COMMON, "start_date.keyword", "tomorrow"));

        assertThat(capped.objectCount()).isEqualTo(5);
        assertThat(capped.capped()).isTrue();
        assertThat(exact.objectCount()).isEqualTo(11);
        assertThat(exact.capped()).isFalse();
    }

    @Test
    void aWordMissingFromTheSoonestCandidatesIsStillCountedInFull() {
        // With a cap of 2 the first 40 candidates are looked at first: the talks, the common word's events and
        // fillers, none with this word; its three later events are then counted as such.
        EventSearch.Results capped = new EventSearch(jdbc, clock, 2).search(text(RARE));
        EventSearch.Results exact = new EventSearch(jdbc, clock, 5).search(text(RARE));

        assertThat(capped.events()).extracting(Event::name).containsExactly(RARE + " 0", RARE + " 1");
        assertThat(capped.objectCount()).isEqualTo(2);
        assertThat(capped.capped()).isTrue();
        assertThat(exact.objectCount()).isEqualTo(3);
        assertThat(exact.capped()).isFalse();
    }
}
