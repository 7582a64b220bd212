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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Counts are exact up to the cap; past it they say the cap and that there are more. */
class CountCapTest {

    static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");

    static TestPlatform platform;
    static JdbcClient jdbc;
    static MutableClock clock;
    static long organizer;

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
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static SearchQuery query(String page, String pageSize) {
        return SearchQuery.parse(Map.of("organizer.id", new String[] {String.valueOf(organizer)},
                "page", new String[] {page}, "page_size", new String[] {pageSize}));
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
}
