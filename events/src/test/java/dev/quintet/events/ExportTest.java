package dev.quintet.events;

import static dev.quintet.events.EventsApi.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.Http;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.UUID;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.component.VTimeZone;
import net.fortuna.ical4j.util.Configurator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** iCalendar (parsed back with ical4j) and schema.org JSON-LD of published events. */
class ExportTest {

    static EventsApi api;
    static EventsApi.Client organiser;
    static String concert;
    static String webinar;

    @BeforeAll
    static void start() {
        api = new EventsApi(Instant.parse("2026-04-01T09:00:00Z"));
        organiser = api.new Client(UUID.randomUUID(), "events:read events:write");
        String venue = organiser.venue("Carnegie Hall", "New York", "US", 40.7651, -73.9799);
        concert = organiser.published("Spring Symphony", venue, "America/New_York",
                "2026-04-10T23:00:00Z", "2026-04-11T01:30:00Z", "USD,4500");
        organiser.ok("/v3/events/" + concert + "/", """
                {"event":{"description":{"html":"<p>%s</p>"}}}""".formatted("A long evening of music, ".repeat(12)));
        webinar = organiser.published("Postgres office hours", null, "UTC",
                "2026-04-12T15:00:00Z", "2026-04-12T16:00:00Z", "free");
        organiser.ok("/v3/events/" + webinar + "/cancel/", "");
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static Calendar parse(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/calendar");
        return new CalendarBuilder().build(new StringReader(response.body()));
    }

    static Instant instant(Temporal t) {
        return t instanceof ZonedDateTime z ? z.toInstant() : Instant.from(t);
    }

    @Test
    void servesASavedSearchAtASecretUrlWithoutATokenUntilTheFeedIsDeleted() throws Exception {
        EventsApi.Client reader = api.as("events:read");
        JsonNode feed = reader.ok("/v3/users/me/calendar_feeds/", """
                {"calendar_feed":{"name":"Concerts in New York","query":"location.address=New%20York&location.within=5km"}}""");
        String url = feed.get("url").asString();

        HttpResponse<String> polled = Http.get(url);

        assertThat(url).matches(".*/v3/feeds/[A-Za-z0-9_-]{32}\\.ics");
        assertThat(parse(polled).<VEvent>getComponents("VEVENT")).extracting(e -> e.getSummary().getValue())
                .containsExactly("Spring Symphony");
        JsonNode listed = reader.read("/v3/users/me/calendar_feeds/").get("calendar_feeds");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("name").asString()).isEqualTo("Concerts in New York");
        assertThat(listed.get(0).has("url")).isFalse();
        assertThat(listed.get(0).has("last_used")).isTrue();
        String id = feed.get("id").asString();
        assertThat(api.as("events:read").delete("/v3/users/me/calendar_feeds/" + id + "/").statusCode()).isEqualTo(404);
        assertThat(reader.delete("/v3/users/me/calendar_feeds/" + id + "/").statusCode()).isEqualTo(200);
        assertThat(Http.get(url).statusCode()).isEqualTo(404);
        assertThat(Http.get(url.replace(".ics", "")).statusCode()).isEqualTo(404);
    }

    @Test
    void refusesAFeedWhoseQueryIsNotASearchNamingTheField() {
        for (String query : List.of("q=jazz&page=2", "location.latitude=1&location.longitude=2&location.within=10yards",
                "colour=red")) {
            HttpResponse<String> refused = api.as("events:read").post("/v3/users/me/calendar_feeds/",
                    "{\"calendar_feed\":{\"query\":\"" + query + "\"}}");
            assertThat(refused.statusCode()).as(query).isEqualTo(400);
            assertThat(json(refused).get("error_detail").get("ARGUMENTS_ERROR").has("calendar_feed.query")).as(query).isTrue();
        }
        HttpResponse<String> noScope = api.as("user:read").post("/v3/users/me/calendar_feeds/",
                "{\"calendar_feed\":{\"query\":\"q=jazz\"}}");
        assertThat(noScope.statusCode()).isEqualTo(403);
    }

    @Test
    void writesOneEventAsRfc5545WithItsTimeZone() throws Exception {
        HttpResponse<String> response = organiser.get("/v3/events/" + concert + "/ical");
        Calendar calendar = parse(response);

        String text = response.body();
        assertThat(text).startsWith("BEGIN:VCALENDAR\r\n").endsWith("END:VCALENDAR\r\n");
        assertThat(text.replace("\r\n", "")).doesNotContain("\n");
        List.of(text.split("\r\n")).forEach(line -> assertThat(line.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(75));
        assertThat(text).contains("\r\n ");
        calendar.validate();
        List<VEvent> events = calendar.getComponents("VEVENT");
        assertThat(events).hasSize(1);
        VEvent event = events.getFirst();
        assertThat(event.getUid().orElseThrow().getValue()).isEqualTo("event-" + concert + "@127.0.0.1");
        assertThat(event.getDateStamp()).isPresent();
        assertThat(event.getSummary().getValue()).isEqualTo("Spring Symphony");
        assertThat(event.getDescription().getValue()).startsWith("A long evening of music, A long");
        assertThat(event.getStartDate().orElseThrow().getParameter("TZID").orElseThrow().getValue()).isEqualTo("America/New_York");
        assertThat(text).contains("DTSTART;TZID=America/New_York:20260410T190000");
        assertThat(instant(event.getStartDate().orElseThrow().getDate())).isEqualTo(Instant.parse("2026-04-10T23:00:00Z"));
        assertThat(instant(event.getEndDate().orElseThrow().getDate())).isEqualTo(Instant.parse("2026-04-11T01:30:00Z"));
        assertThat(event.getProperty("STATUS").orElseThrow().getValue()).isEqualTo("CONFIRMED");
        assertThat(event.getProperty("GEO").orElseThrow().getValue()).isEqualTo("40.7651;-73.9799");
        List<VTimeZone> zones = calendar.getComponents("VTIMEZONE");
        assertThat(zones).hasSize(1);
        assertThat(zones.getFirst().getProperty("TZID").orElseThrow().getValue()).isEqualTo("America/New_York");
        assertThat(zones.getFirst().getObservances()).extracting(o -> o.getName()).contains("STANDARD", "DAYLIGHT");
    }

    @Test
    void raisesTheSequenceOnEveryChangeAfterPublicationSoSubscribedCalendarsUpdate() throws Exception {
        EventsApi.Client other = api.new Client(UUID.randomUUID(), "events:read events:write");
        String id = other.published("Harbour lights", null, "UTC", "2026-04-20T18:00:00Z", "2026-04-20T19:00:00Z",
                "free");
        VEvent published = parse(other.get("/v3/events/" + id + "/ical")).<VEvent>getComponents("VEVENT").getFirst();
        other.ok("/v3/events/" + id + "/", "{\"event\":{\"name\":{\"html\":\"Harbour lights (moved)\"}}}");
        VEvent changed = parse(other.get("/v3/events/" + id + "/ical")).<VEvent>getComponents("VEVENT").getFirst();
        other.ok("/v3/events/" + id + "/cancel/", "");
        VEvent canceled = parse(other.get("/v3/events/" + id + "/ical")).<VEvent>getComponents("VEVENT").getFirst();

        assertThat(published.getProperty("SEQUENCE").orElseThrow().getValue()).isEqualTo("0");
        assertThat(changed.getProperty("SEQUENCE").orElseThrow().getValue()).isEqualTo("1");
        assertThat(changed.getSummary().getValue()).isEqualTo("Harbour lights (moved)");
        assertThat(canceled.getProperty("SEQUENCE").orElseThrow().getValue()).isEqualTo("2");
        assertThat(canceled.getProperty("STATUS").orElseThrow().getValue()).isEqualTo("CANCELLED");
        assertThat(canceled.getUid().orElseThrow().getValue()).isEqualTo(published.getUid().orElseThrow().getValue());
    }

    @Test
    void writesSearchResultsAsOneCalendarWithTheSameParameters() throws Exception {
        String query = "?organizer.id=" + organiser.organizer() + "&status=all";
        Calendar calendar = parse(organiser.get("/v3/events/search/ical" + query));

        List<VEvent> events = calendar.getComponents("VEVENT");
        assertThat(events).extracting(e -> e.getSummary().getValue())
                .containsExactly("Spring Symphony", "Postgres office hours");
        VEvent online = events.get(1);
        assertThat(online.getProperty("STATUS").orElseThrow().getValue()).isEqualTo("CANCELLED");
        assertThat(online.getStartDate().orElseThrow().getValue()).isEqualTo("20260412T150000Z");
        assertThat(parse(organiser.get("/v3/events/search/ical?organizer.id=" + organiser.organizer()))
                .getComponents("VEVENT")).hasSize(1);
        HttpResponse<String> bad = organiser.get("/v3/events/search/ical?price=cheap");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(json(bad).get("error").asString()).isEqualTo("ARGUMENTS_ERROR");
    }

    @Test
    void neverFetchesTimeZoneUpdates() {
        assertThat(Configurator.getProperty("net.fortuna.ical4j.timezone.update.enabled")).contains("false");
    }

    @Test
    void describesEventsAsSchemaOrgJsonLd() {
        JsonNode ld = organiser.read("/v3/events/" + concert + "/?expand=json_ld").get("json_ld");

        assertThat(ld.get("@context").asString()).isEqualTo("https://schema.org");
        assertThat(ld.get("@type").asString()).isEqualTo("Event");
        assertThat(ld.get("startDate").asString()).isEqualTo("2026-04-10T19:00:00-04:00");
        assertThat(ld.get("endDate").asString()).isEqualTo("2026-04-10T21:30:00-04:00");
        assertThat(ld.get("eventStatus").asString()).isEqualTo("https://schema.org/EventScheduled");
        assertThat(ld.get("eventAttendanceMode").asString()).isEqualTo("https://schema.org/OfflineEventAttendanceMode");
        assertThat(ld.get("location").get("@type").asString()).isEqualTo("Place");
        assertThat(ld.get("location").get("address").get("addressLocality").asString()).isEqualTo("New York");
        assertThat(ld.get("location").get("geo").get("latitude").asDouble()).isEqualTo(40.7651);
        assertThat(ld.get("offers").get(0).get("price").asString()).isEqualTo("45.00");
        assertThat(ld.get("offers").get(0).get("priceCurrency").asString()).isEqualTo("USD");
        assertThat(ld.get("offers").get(0).get("availability").asString()).isEqualTo("https://schema.org/InStock");
        assertThat(ld.get("organizer").get("@type").asString()).isEqualTo("Organization");
        assertThat(ld.get("isAccessibleForFree").asBoolean()).isFalse();

        JsonNode online = organiser.read("/v3/events/search/?organizer.id=" + organiser.organizer()
                + "&status=canceled&expand=json_ld").get("events").get(0).get("json_ld");
        assertThat(online.get("eventStatus").asString()).isEqualTo("https://schema.org/EventCancelled");
        assertThat(online.get("eventAttendanceMode").asString()).isEqualTo("https://schema.org/OnlineEventAttendanceMode");
        assertThat(online.get("location").get("@type").asString()).isEqualTo("VirtualLocation");
        assertThat(online.get("startDate").asString()).isEqualTo("2026-04-12T15:00:00Z");
        assertThat(online.get("offers").get(0).get("price").asString()).isEqualTo("0");
    }
}
