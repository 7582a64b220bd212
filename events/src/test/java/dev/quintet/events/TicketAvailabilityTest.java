package dev.quintet.events;

import static dev.quintet.events.EventsApi.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketClass;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code expand=ticket_availability} as of the clock's now, 2026-06-10 12:00 UTC; the events are in New York on
 * 2026-07-01 evening and published at now.
 */
class TicketAvailabilityTest {

    static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
    static final Instant START = Instant.parse("2026-07-01T23:00:00Z");
    static final Instant END = START.plus(Duration.ofHours(3));
    static final String ZONE = "America/New_York";

    static EventsApi api;
    static EventsApi.Client reader;
    static Events events;
    static long organizer;

    @BeforeAll
    static void start() {
        api = new EventsApi(NOW);
        reader = api.as("events:read");
        events = new Events(api.jdbc(), api.clock);
        organizer = events.addOrganizer(null, "Availability test " + UUID.randomUUID(), "", null);
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static TicketClass free(int total, int sold, Instant salesStart, Instant salesEnd) {
        return new TicketClass(0, 0, "Free", true, null, "USD", total, sold, salesStart, salesEnd);
    }

    static TicketClass priced(long cents, int total, int sold, Instant salesStart, Instant salesEnd) {
        return new TicketClass(0, 0, "At " + cents, false, cents, "USD", total, sold, salesStart, salesEnd);
    }

    static String event(String name, String status, TicketClass... tickets) {
        return String.valueOf(events.addEvent(Event.of(organizer, null, name, "<p>" + name + ".</p>", name + ".", null,
                ZONE, START, END, status, true, true, 100, "USD", "103", "6"), List.of(tickets)));
    }

    static String event(String name, TicketClass... tickets) {
        return event(name, "live", tickets);
    }

    static JsonNode availability(String id) {
        return reader.read("/v3/events/" + id + "/?expand=ticket_availability").get("ticket_availability");
    }

    static void assertPrice(JsonNode price, long value, String major) {
        assertThat(price.get("currency").asString()).isEqualTo("USD");
        assertThat(price.get("value").asLong()).isEqualTo(value);
        assertThat(price.get("major_value").asString()).isEqualTo(major);
        assertThat(price.get("display").asString()).isEqualTo(major + " USD");
    }

    @Test
    void aFreeOnlyEventIsFreeAtAPriceOfZero() {
        JsonNode a = availability(event("Free picnic", free(50, 3, Instant.parse("2026-06-01T13:00:00Z"), null)));

        assertThat(a.get("has_available_tickets").asBoolean()).isTrue();
        assertPrice(a.get("minimum_ticket_price"), 0, "0.00");
        assertPrice(a.get("maximum_ticket_price"), 0, "0.00");
        assertThat(a.get("is_free").asBoolean()).isTrue();
        assertThat(a.get("is_sold_out").asBoolean()).isFalse();
        assertThat(a.get("start_sales_date").get("timezone").asString()).isEqualTo(ZONE);
        assertThat(a.get("start_sales_date").get("local").asString()).isEqualTo("2026-06-01T09:00:00");
        assertThat(a.get("start_sales_date").get("utc").asString()).isEqualTo("2026-06-01T13:00:00Z");
        assertThat(a.get("waitlist_available").asBoolean()).isFalse();
    }

    @Test
    void pricedClassesGiveTheLowestAndHighestPriceAndTheEarliestOpening() {
        JsonNode a = availability(event("Gala", priced(2500, 100, 10, null, null),
                priced(7500, 20, 0, Instant.parse("2026-06-20T00:00:00Z"), null),
                priced(1250, 30, 0, Instant.parse("2026-06-15T00:00:00Z"), null)));

        assertThat(a.get("has_available_tickets").asBoolean()).isTrue();
        assertPrice(a.get("minimum_ticket_price"), 1250, "12.50");
        assertPrice(a.get("maximum_ticket_price"), 7500, "75.00");
        assertThat(a.get("is_free").asBoolean()).isFalse();
        assertThat(a.get("is_sold_out").asBoolean()).isFalse();
        assertThat(a.get("start_sales_date").get("utc").asString())
                .as("a class without sales_start went on sale when the event was published").isEqualTo("2026-06-10T12:00:00Z");
        assertThat(a.get("start_sales_date").get("local").asString()).isEqualTo("2026-06-10T08:00:00");

        JsonNode mixed = availability(event("Open rehearsal", free(40, 0, null, null), priced(2000, 40, 0, null, null)));
        assertPrice(mixed.get("minimum_ticket_price"), 0, "0.00");
        assertPrice(mixed.get("maximum_ticket_price"), 2000, "20.00");
        assertThat(mixed.get("is_free").asBoolean()).isFalse();
    }

    @Test
    void anEventWhoseClassesAreAllTakenIsSoldOutAndStillPriced() {
        JsonNode a = availability(event("Sell-out show", priced(3000, 100, 100, null, null), free(20, 20, null, null)));

        assertThat(a.get("has_available_tickets").asBoolean()).isFalse();
        assertThat(a.get("is_sold_out").asBoolean()).isTrue();
        assertPrice(a.get("minimum_ticket_price"), 0, "0.00");
        assertPrice(a.get("maximum_ticket_price"), 3000, "30.00");
    }

    @Test
    void ignoresClassesWhoseSalesHaveEnded() {
        Instant earlyOpen = Instant.parse("2026-05-01T00:00:00Z");
        Instant earlyClose = NOW.minus(Duration.ofHours(1));
        Instant standardOpen = Instant.parse("2026-06-05T00:00:00Z");
        String onSale = event("Festival", priced(1000, 50, 10, earlyOpen, earlyClose),
                priced(2000, 200, 0, standardOpen, null));

        JsonNode a = availability(onSale);
        assertThat(a.get("has_available_tickets").asBoolean()).isTrue();
        assertPrice(a.get("minimum_ticket_price"), 2000, "20.00");
        assertPrice(a.get("maximum_ticket_price"), 2000, "20.00");
        assertThat(a.get("start_sales_date").get("utc").asString()).isEqualTo("2026-06-05T00:00:00Z");

        JsonNode takenNow = availability(event("Festival, late", priced(1000, 50, 10, earlyOpen, earlyClose),
                priced(2000, 200, 200, standardOpen, null)));
        assertThat(takenNow.get("has_available_tickets").asBoolean()).as("the early bird's tickets left cannot be bought")
                .isFalse();
        assertThat(takenNow.get("is_sold_out").asBoolean()).isTrue();

        JsonNode closed = availability(event("Festival, closed", priced(1000, 50, 10, earlyOpen, earlyClose)));
        assertThat(closed.get("has_available_tickets").asBoolean()).isFalse();
        assertThat(closed.get("is_sold_out").asBoolean()).isFalse();
        assertThat(closed.has("minimum_ticket_price")).isFalse();
        assertThat(closed.has("maximum_ticket_price")).isFalse();
        assertThat(closed.has("start_sales_date")).isFalse();
        assertThat(closed.get("is_free").asBoolean()).isFalse();

        api.clock.set(END.plus(Duration.ofMinutes(1)));
        try {
            JsonNode over = availability(onSale);
            assertThat(over.get("has_available_tickets").asBoolean())
                    .as("a class without sales_end sells until the event ends").isFalse();
            assertThat(over.has("minimum_ticket_price")).isFalse();
        } finally {
            api.clock.set(NOW);
        }
    }

    @Test
    void anEventWithNoClassesHasNothingToSell() {
        JsonNode a = availability(event("Nothing yet"));

        assertThat(a.get("has_available_tickets").asBoolean()).isFalse();
        assertThat(a.get("is_sold_out").asBoolean()).isFalse();
        assertThat(a.get("is_free").asBoolean()).isTrue();
        assertThat(a.get("waitlist_available").asBoolean()).isFalse();
        assertThat(a.has("minimum_ticket_price")).isFalse();
        assertThat(a.has("maximum_ticket_price")).isFalse();
        assertThat(a.has("start_sales_date")).isFalse();
    }

    @Test
    void aCanceledEventSellsNothing() {
        JsonNode a = availability(event("Rained off", "canceled", priced(1500, 100, 5, null, null)));

        assertThat(a.get("has_available_tickets").asBoolean()).isFalse();
        assertThat(a.get("is_sold_out").asBoolean()).isFalse();
        assertThat(a.has("minimum_ticket_price")).isFalse();
        assertThat(a.get("is_free").asBoolean()).isFalse();
    }

    @Test
    void expandsOnSearchAndOrganizerListsAndOnlyWhenAsked() {
        event("Listed concert", priced(1800, 10, 0, null, null));

        JsonNode found = reader.read("/v3/events/search/?organizer.id=" + organizer + "&q=listed&expand=ticket_availability");
        assertThat(found.get("events")).hasSize(1);
        assertPrice(found.get("events").get(0).get("ticket_availability").get("minimum_ticket_price"), 1800, "18.00");
        JsonNode listed = reader.read("/v3/organizers/" + organizer + "/events/?expand=ticket_availability,ticket_classes");
        assertThat(listed.get("events").size()).isPositive();
        listed.get("events").forEach(e -> assertThat(e.has("ticket_availability")).isTrue());
        reader.read("/v3/events/search/?organizer.id=" + organizer).get("events")
                .forEach(e -> assertThat(e.has("ticket_availability")).isFalse());

        HttpResponse<String> unknown = reader.get("/v3/events/search/?expand=availability");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(json(unknown).get("error_description").asString()).contains("ticket_availability");
    }
}
