package dev.quintet.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.catalog.Events;
import dev.quintet.events.status.StatusSweep;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Status follows the clock, not requests. London leaves GMT for BST at 01:00 UTC on 2026-03-29, so an event from
 * 00:30 to 02:30 UTC reads 00:30 to 03:30 local and lasts two hours, not three.
 */
class StatusOverTimeTest {

    static final Instant BEFORE = Instant.parse("2026-03-28T12:00:00Z");

    static EventsApi api;
    static EventsApi.Client organiser;
    static StatusSweep sweep;

    @BeforeAll
    static void start() {
        api = new EventsApi(BEFORE);
        organiser = api.new Client(UUID.randomUUID(), "events:read events:write");
        sweep = new StatusSweep(new Events(api.jdbc(), api.clock), api.clock);
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static String status(String id) {
        return organiser.read("/v3/events/" + id + "/").get("status").asString();
    }

    static String stored(String id) {
        return api.jdbc().sql("SELECT status FROM events.events WHERE id = :id").param("id", Long.parseLong(id))
                .query(String.class).single();
    }

    static boolean searchFinds(String id) {
        JsonNode page = organiser.read("/v3/events/search/?organizer.id=" + organiser.organizer());
        for (JsonNode e : page.get("events")) {
            if (e.get("id").asString().equals(id)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void movesThroughStartedEndedAndCompletedAcrossADaylightSavingChange() {
        api.clock.set(BEFORE);
        String venue = organiser.venue("Night Hall", "London", "GB", 51.5, -0.12);
        String id = organiser.published("Clocks go forward party", venue, "Europe/London",
                "2026-03-29T00:30:00Z", "2026-03-29T02:30:00Z", "free");
        JsonNode event = organiser.read("/v3/events/" + id + "/?expand=json_ld");
        assertThat(event.get("start").get("local").asString()).isEqualTo("2026-03-29T00:30:00");
        assertThat(event.get("end").get("local").asString()).isEqualTo("2026-03-29T03:30:00");
        assertThat(event.get("json_ld").get("startDate").asString()).isEqualTo("2026-03-29T00:30:00Z");
        assertThat(event.get("json_ld").get("endDate").asString()).isEqualTo("2026-03-29T03:30:00+01:00");
        assertThat(status(id)).isEqualTo("live");

        try {
            api.clock.set(Instant.parse("2026-03-29T00:29:59Z"));
            assertThat(status(id)).isEqualTo("live");
            api.clock.set(Instant.parse("2026-03-29T00:30:00Z"));
            assertThat(status(id)).isEqualTo("started");
            assertThat(stored(id)).isEqualTo("live");
            assertThat(searchFinds(id)).isTrue();

            api.clock.set(Instant.parse("2026-03-29T02:29:59Z"));
            assertThat(status(id)).as("03:29:59 BST is before the end").isEqualTo("started");
            api.clock.set(Instant.parse("2026-03-29T02:30:00Z"));
            assertThat(status(id)).isEqualTo("ended");
            assertThat(searchFinds(id)).isFalse();
            sweep.runOnce();
            assertThat(stored(id)).isEqualTo("ended");

            api.clock.set(Instant.parse("2026-04-05T02:29:59Z"));
            assertThat(status(id)).isEqualTo("ended");
            api.clock.set(Instant.parse("2026-04-05T02:30:00Z"));
            assertThat(status(id)).isEqualTo("completed");
            sweep.runOnce();
            assertThat(stored(id)).isEqualTo("completed");
            assertThat(organiser.post("/v3/events/" + id + "/cancel/", "").statusCode()).isEqualTo(409);
        } finally {
            api.clock.set(BEFORE);
        }
    }

    @Test
    void theSweepStoresWhatReadsComputeAndChangesNothingTwice() {
        api.clock.set(BEFORE);
        String id = organiser.published("Online quiz", null, "UTC", "2026-03-28T18:00:00Z", "2026-03-28T19:00:00Z", "free");
        try {
            api.clock.set(Instant.parse("2026-03-28T18:30:00Z"));
            assertThat(stored(id)).isEqualTo("live");
            sweep.runOnce();
            assertThat(stored(id)).isEqualTo("started");
            sweep.runOnce();
            assertThat(stored(id)).isEqualTo("started");
            assertThat(status(id)).isEqualTo("started");

            api.clock.set(Instant.parse("2026-03-28T18:00:00Z").minusSeconds(60));
            assertThat(status(id)).as("a clock set back reads the status of its own time").isEqualTo("live");
        } finally {
            api.clock.set(BEFORE);
        }
    }

    @Test
    void aClockSetBackFindsEventsTheSweepStoredAsOver() {
        api.clock.set(BEFORE);
        String id = organiser.published("Early Xylofest talk", null, "UTC", "2026-03-28T18:00:00Z",
                "2026-03-28T19:00:00Z", "free");
        String later = organiser.published("Late Xylofest talk", null, "UTC", "2026-03-29T10:00:00Z",
                "2026-03-29T11:00:00Z", "free");
        try {
            api.clock.set(Instant.parse("2026-03-28T20:00:00Z"));
            sweep.runOnce();
            assertThat(stored(id)).isEqualTo("ended");
            assertThat(searchFinds(id)).isFalse();

            api.clock.set(Instant.parse("2026-03-28T18:30:00Z"));
            assertThat(searchFinds(id)).as("started by the clock, though stored as ended").isTrue();
            JsonNode first = organiser.read("/v3/events/search/?q=xylofest&page_size=1");
            assertThat(first.get("events").get(0).get("id").asString()).isEqualTo(id);
            assertThat(first.get("pagination").get("object_count").asInt()).isEqualTo(2);
            assertThat(stored(later)).isEqualTo("live");
        } finally {
            api.clock.set(BEFORE);
        }
    }

    @Test
    void aStartedEventCanBeCanceledAndStaysCanceledAfterItsEnd() {
        api.clock.set(BEFORE);
        String id = organiser.published("Rained off", null, "UTC", "2026-03-28T13:00:00Z", "2026-03-28T15:00:00Z", "USD,500");
        try {
            api.clock.set(Instant.parse("2026-03-28T14:00:00Z"));
            assertThat(status(id)).isEqualTo("started");
            assertThat(organiser.post("/v3/events/" + id + "/unpublish/", "").statusCode()).isEqualTo(409);
            assertThat(organiser.ok("/v3/events/" + id + "/cancel/", "").get("canceled").asBoolean()).isTrue();

            api.clock.set(Instant.parse("2026-04-20T00:00:00Z"));
            sweep.runOnce();
            assertThat(status(id)).isEqualTo("canceled");
            assertThat(stored(id)).isEqualTo("canceled");
        } finally {
            api.clock.set(BEFORE);
        }
    }
}
