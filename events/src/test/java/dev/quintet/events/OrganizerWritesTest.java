package dev.quintet.events;

import static dev.quintet.events.EventsApi.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Organisers create, change, publish, unpublish, cancel and delete their own events; nobody else may. */
class OrganizerWritesTest {

    static final String START = "2026-05-20T18:00:00Z";
    static final String END = "2026-05-20T21:00:00Z";

    static EventsApi api;
    static EventsApi.Client organiser;
    static EventsApi.Client stranger;

    @BeforeAll
    static void start() {
        api = new EventsApi(Instant.parse("2026-05-01T12:00:00Z"));
        organiser = api.new Client(java.util.UUID.randomUUID(), "events:read events:write");
        stranger = api.new Client(java.util.UUID.randomUUID(), "events:read events:write");
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static List<String> found(EventsApi.Client client, String query) {
        JsonNode page = client.read("/v3/events/search/?organizer.id=" + client.organizer() + "&" + query);
        List<String> ids = new ArrayList<>();
        page.get("events").forEach(e -> ids.add(e.get("id").asString()));
        return ids;
    }

    static void assertArgumentsError(HttpResponse<String> response, String... fields) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.get("error").asString()).isEqualTo("ARGUMENTS_ERROR");
        assertThat(body.get("status_code").asInt()).isEqualTo(400);
        assertThat(body.get("error_detail").get("ARGUMENTS_ERROR").propertyNames()).containsExactlyInAnyOrder(fields);
        for (String field : fields) {
            assertThat(body.get("error_description").asString()).contains(field);
        }
    }

    @Test
    void createsADraftThatOnlyItsOrganizationSeesThenPublishesItForSearch() {
        String venue = organiser.venue("Southbank Hall", "London", "GB", 51.5074, -0.1278);
        String id = organiser.draft("Jazz at the Southbank", venue, "Europe/London", START, END);

        JsonNode draft = organiser.read("/v3/events/" + id + "/?expand=venue");
        assertThat(draft.get("status").asString()).isEqualTo("draft");
        assertThat(draft.get("organization_id").asString()).isEqualTo(organiser.organization());
        assertThat(draft.get("start").get("local").asString()).isEqualTo("2026-05-20T19:00:00");
        assertThat(draft.get("venue").get("name").asString()).isEqualTo("Southbank Hall");
        assertThat(draft.has("published")).isFalse();
        HttpResponse<String> hidden = stranger.get("/v3/events/" + id + "/");
        assertThat(hidden.statusCode()).isEqualTo(404);
        assertThat(json(hidden).get("error_description").asString()).isEqualTo("no event with id '" + id + "'");
        assertThat(found(organiser, "q=southbank")).doesNotContain(id);

        JsonNode ticket = organiser.ok("/v3/events/" + id + "/ticket_classes/", """
                {"ticket_class":{"name":"Standard","cost":{"currency":"USD","value":1500},"quantity_total":120,
                 "sales_end":"2026-05-20T18:00:00Z"}}""");
        assertThat(ticket.get("cost").get("major_value").asString()).isEqualTo("15.00");
        assertThat(ticket.get("quantity_total").asInt()).isEqualTo(120);
        assertThat(organiser.ok("/v3/events/" + id + "/publish/", "").get("published").asBoolean()).isTrue();

        JsonNode live = stranger.read("/v3/events/" + id + "/");
        assertThat(live.get("status").asString()).isEqualTo("live");
        assertThat(live.get("published").asString()).isEqualTo("2026-05-01T12:00:00Z");
        assertThat(live.get("is_free").asBoolean()).isFalse();
        assertThat(found(organiser, "q=southbank")).containsExactly(id);
    }

    @Test
    void readsVenuesOrganizersAndTicketClassesOnTheirOwnWithoutLeakingDrafts() {
        String venue = organiser.venue("Quiet Loft", "Bristol", "GB", 51.4545, -2.5879);
        String id = organiser.draft("Unannounced gig", venue, "Europe/London", START, END);
        organiser.ok("/v3/events/" + id + "/ticket_classes/", """
                {"ticket_class":{"name":"Door","cost":{"currency":"USD","value":1200},"quantity_total":40}}""");

        assertThat(organiser.read("/v3/venues/" + venue + "/").get("name").asString()).isEqualTo("Quiet Loft");
        assertThat(stranger.get("/v3/venues/" + venue + "/").statusCode())
                .as("a venue only a draft uses would announce the event").isEqualTo(404);
        assertThat(stranger.get("/v3/events/" + id + "/ticket_classes/").statusCode()).isEqualTo(404);

        organiser.ok("/v3/events/" + id + "/publish/", "");

        JsonNode place = stranger.read("/v3/venues/" + venue + "/");
        assertThat(place.get("name").asString()).isEqualTo("Quiet Loft");
        assertThat(place.get("address").get("city").asString()).isEqualTo("Bristol");
        JsonNode tickets = stranger.read("/v3/events/" + id + "/ticket_classes/");
        assertThat(tickets.get("pagination").get("object_count").asInt()).isEqualTo(1);
        assertThat(tickets.get("ticket_classes").get(0).get("name").asString()).isEqualTo("Door");
        assertThat(tickets.get("ticket_classes").get(0).get("cost").get("currency").asString()).isEqualTo("USD");
        assertThat(stranger.read("/v3/organizers/" + organiser.organizer() + "/").get("id").asString())
                .isEqualTo(organiser.organizer());
        for (String missing : List.of("/v3/venues/999999999/", "/v3/organizers/abc/", "/v3/events/abc/ticket_classes/")) {
            HttpResponse<String> response = stranger.get(missing);
            assertThat(response.statusCode()).as(missing).isEqualTo(404);
            assertThat(json(response).get("error").asString()).isEqualTo("NOT_FOUND");
        }
    }

    @Test
    void updatesOnlyTheFieldsSentAndKeepsThePublishedRules() {
        String venue = organiser.venue("Oxford Rooms", "Oxford", "GB", 51.7520, -1.2577);
        String id = organiser.published("Chamber concert", venue, "Europe/London", START, END, "USD,2000");

        JsonNode changed = organiser.ok("/v3/events/" + id + "/", """
                {"event":{"name":{"html":"Chamber concert &amp; talk"},"end":{"timezone":"Europe/London","utc":"2026-05-20T22:00:00Z"},
                 "capacity":80}}""");
        assertThat(changed.get("name").get("text").asString()).isEqualTo("Chamber concert & talk");
        assertThat(changed.get("name").get("html").asString()).isEqualTo("Chamber concert &amp; talk");
        assertThat(changed.get("end").get("local").asString()).isEqualTo("2026-05-20T23:00:00");
        assertThat(changed.get("capacity").asInt()).isEqualTo(80);
        assertThat(changed.get("venue_id").asString()).isEqualTo(venue);
        assertThat(changed.get("status").asString()).isEqualTo("live");

        assertArgumentsError(organiser.post("/v3/events/" + id + "/", "{\"event\":{\"venue_id\":null}}"), "event.venue_id");
        assertArgumentsError(organiser.post("/v3/events/" + id + "/",
                "{\"event\":{\"end\":{\"timezone\":\"Europe/London\",\"utc\":\"2026-05-20T17:00:00Z\"}}}"), "event.end.utc");
    }

    @Test
    void namesEveryFailingFieldWhenCreating() {
        String org = organiser.organization();
        HttpResponse<String> response = organiser.post("/v3/organizations/" + org + "/events/", """
                {"event":{"name":{"html":"  "},"start":{"timezone":"Mars/Olympus","utc":"tomorrow"},
                 "currency":"usd","capacity":0,"category_id":"999","colour":"red"}}""");

        assertArgumentsError(response, "event.name.html", "event.start.timezone", "event.start.utc", "event.currency",
                "event.capacity", "event.colour", "event.end.utc");
        assertThat(json(response).get("error_detail").get("ARGUMENTS_ERROR").get("event.start.timezone").get(0).asString())
                .contains("IANA time zone").contains("Mars/Olympus");

        String venue = organiser.venue("Hall", "Leeds", "GB", 53.8, -1.55);
        HttpResponse<String> both = organiser.post("/v3/organizations/" + org + "/events/", """
                {"event":{"name":{"html":"Both"},"start":{"timezone":"UTC","utc":"%s"},"end":{"timezone":"UTC","utc":"%s"},
                 "currency":"USD","online_event":true,"venue_id":"%s"}}""".formatted(START, END, venue));
        assertThat(both.statusCode()).isEqualTo(400);
        assertThat(json(both).get("error").asString()).isEqualTo("VENUE_AND_ONLINE");
    }

    @Test
    void changesAndDeletesTicketClassesButKeepsTheTicketsSold() {
        String event = organiser.published("Jazz brunch", null, "UTC", START, END, "free");
        String path = "/v3/events/" + event + "/ticket_classes/";
        String first = organiser.read(path).get("ticket_classes").get(0).get("id").asString();

        JsonNode changed = organiser.ok(path + first + "/", """
                {"ticket_class":{"name":"Brunch and set","cost":"USD,2500","quantity_total":40}}""");

        assertThat(changed.get("name").asString()).isEqualTo("Brunch and set");
        assertThat(changed.get("cost").get("value").asLong()).isEqualTo(2500);
        assertThat(organiser.read("/v3/events/" + event + "/").get("is_free").asBoolean()).isFalse();
        HttpResponse<String> last = organiser.delete(path + first + "/");
        assertThat(last.statusCode()).isEqualTo(409);
        assertThat(json(last).get("error_description").asString()).contains("is the last of a published event");

        String second = organiser.ticket(event, "free");
        assertThat(organiser.delete(path + first + "/").statusCode()).isEqualTo(200);
        assertThat(organiser.read("/v3/events/" + event + "/").get("is_free").asBoolean()).isTrue();
        assertThat(organiser.read(path).get("ticket_classes")).hasSize(1);

        api.jdbc().sql("UPDATE events.ticket_classes SET quantity_sold = 30 WHERE id = :id")
                .param("id", Long.parseLong(second)).update();
        assertArgumentsError(organiser.post(path + second + "/", """
                {"ticket_class":{"name":"Standing","free":true,"quantity_total":20}}"""), "ticket_class.quantity_total");
        assertThat(organiser.ok(path + second + "/", """
                {"ticket_class":{"name":"Standing","free":true,"quantity_total":30}}""").get("quantity_sold").asInt()).isEqualTo(30);
        organiser.ticket(event, "free");
        assertThat(organiser.delete(path + second + "/").statusCode()).isEqualTo(409);
        assertThat(organiser.delete(path + "999999/").statusCode()).isEqualTo(404);
        assertThat(stranger.post(path + second + "/", """
                {"ticket_class":{"name":"Mine now","free":true,"quantity_total":30}}""").statusCode()).isEqualTo(403);
    }

    @Test
    void keepsASubcategoryWithinTheEventsCategory() {
        String org = organiser.organization();
        String event = """
                {"event":{"name":{"html":"Late set"},"start":{"timezone":"UTC","utc":"%s"},"end":{"timezone":"UTC","utc":"%s"},
                 "currency":"USD","online_event":true,"category_id":"103","subcategory_id":"%s"}}""";

        JsonNode jazz = organiser.ok("/v3/organizations/" + org + "/events/", event.formatted(START, END, "3002"));
        HttpResponse<String> theatre = organiser.post("/v3/organizations/" + org + "/events/", event.formatted(START, END, "5001"));
        HttpResponse<String> unknown = organiser.post("/v3/organizations/" + org + "/events/", event.formatted(START, END, "3333"));

        assertThat(jazz.get("subcategory_id").asString()).isEqualTo("3002");
        assertArgumentsError(theatre, "event.subcategory_id");
        assertThat(json(theatre).get("error_detail").get("ARGUMENTS_ERROR").get("event.subcategory_id").get(0).asString())
                .isEqualTo("subcategory 5001 belongs to category 105, not to the event's category_id 103");
        assertArgumentsError(unknown, "event.subcategory_id");
        String id = jazz.get("id").asString();
        assertThat(organiser.ok("/v3/events/" + id + "/", "{\"event\":{\"subcategory_id\":null}}").has("subcategory_id")).isFalse();
    }

    @Test
    void refusesToPublishAnIncompleteEventNamingEachMissingPart() {
        String org = organiser.organization();
        String id = organiser.ok("/v3/organizations/" + org + "/events/", """
                {"event":{"name":{"html":"Half planned"},"start":{"timezone":"Europe/Paris","utc":"2026-04-30T18:00:00Z"},
                 "end":{"timezone":"Europe/Paris","utc":"2026-04-30T20:00:00Z"},"currency":"EUR"}}""").get("id").asString();

        assertArgumentsError(organiser.post("/v3/events/" + id + "/publish/", ""),
                "event.venue_id", "ticket_classes", "event.start.utc");
        assertThat(organiser.read("/v3/events/" + id + "/").get("status").asString()).isEqualTo("draft");
    }

    @Test
    void sanitisesDescriptionsSoNoScriptSurvives() {
        String org = organiser.organization();
        String body = """
                {"event":{"name":{"html":"<b>Safe</b><script>alert(1)</script> night"},
                 "description":{"html":"<p onclick=\\"steal()\\">Hello <strong>all</strong><script>alert(1)</script><img src=x onerror=alert(2)><a href=\\"javascript:alert(3)\\">x</a> <a href=\\"https://example.com\\">site</a></p><style>p{}</style>"},
                 "start":{"timezone":"UTC","utc":"%s"},"end":{"timezone":"UTC","utc":"%s"},"currency":"USD","online_event":true}}"""
                .formatted(START, END);

        JsonNode event = organiser.ok("/v3/organizations/" + org + "/events/", body);

        String html = event.get("description").get("html").asString();
        assertThat(html).doesNotContainIgnoringCase("script").doesNotContain("onclick").doesNotContain("onerror")
                .doesNotContain("javascript:").doesNotContain("<img").doesNotContain("<style")
                .contains("<strong>all</strong>").contains("href=\"https://example.com\"").contains("rel=\"nofollow\"");
        assertThat(event.get("description").get("text").asString()).isEqualTo("Hello allx site");
        assertThat(event.get("name").get("text").asString()).isEqualTo("Safe night");
        assertThat(event.get("name").get("html").asString()).isEqualTo("Safe night");
    }

    @Test
    void keepsOtherOrganizationsOutWithoutRevealingTheirDrafts() {
        String venue = organiser.venue("Private Rooms", "Bath", "GB", 51.38, -2.36);
        String draft = organiser.draft("Secret draft", venue, "Europe/London", START, END);
        String live = organiser.published("Open night", venue, "Europe/London", START, END, "free");

        HttpResponse<String> missing = stranger.post("/v3/events/999999999/publish/", "");
        HttpResponse<String> hidden = stranger.post("/v3/events/" + draft + "/publish/", "");
        assertThat(hidden.statusCode()).isEqualTo(404);
        assertThat(json(hidden).get("error_description").asString())
                .isEqualTo(json(missing).get("error_description").asString().replace("999999999", draft));
        assertThat(stranger.delete("/v3/events/" + draft + "/").statusCode()).isEqualTo(404);

        HttpResponse<String> foreign = stranger.post("/v3/events/" + live + "/", "{\"event\":{\"capacity\":1}}");
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(json(foreign).get("error").asString()).isEqualTo("NOT_AUTHORIZED");
        assertThat(stranger.post("/v3/events/" + live + "/cancel/", "").statusCode()).isEqualTo(403);
        assertThat(stranger.post("/v3/events/" + live + "/ticket_classes/",
                "{\"ticket_class\":{\"name\":\"x\",\"free\":true,\"quantity_total\":1}}").statusCode()).isEqualTo(403);
        assertThat(stranger.post("/v3/organizations/" + organiser.organization() + "/events/", "{}").statusCode()).isEqualTo(403);
        assertThat(stranger.post("/v3/organizations/" + organiser.organization() + "/venues/", "{}").statusCode()).isEqualTo(403);
        HttpResponse<String> wrongVenue = stranger.post("/v3/organizations/" + stranger.organization() + "/events/", """
                {"event":{"name":{"html":"Borrowed hall"},"start":{"timezone":"UTC","utc":"%s"},"end":{"timezone":"UTC","utc":"%s"},
                 "currency":"USD","venue_id":"%s"}}""".formatted(START, END, venue));
        assertArgumentsError(wrongVenue, "event.venue_id");
        assertThat(organiser.read("/v3/events/" + live + "/").has("capacity")).isFalse();
    }

    @Test
    void needsTheWriteScopeForEveryWrite() {
        EventsApi.Client reader = api.as("events:read");

        HttpResponse<String> response = reader.post("/v3/organizations/1/events/", "{}");

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                .contains("error=\"insufficient_scope\"").contains("scope=\"events:write\"");
        assertThat(json(response).get("error").asString()).isEqualTo("NOT_AUTHORIZED");
        assertThat(reader.post("/v3/events/1/publish/", "").statusCode()).isEqualTo(403);
        assertThat(reader.delete("/v3/events/1/").statusCode()).isEqualTo(403);
        assertThat(reader.get("/v3/users/me/organizations/").statusCode()).isEqualTo(403);
    }

    @Test
    void unpublishesCancelsAndDeletesOnlyFromTheRightStatus() {
        String venue = organiser.venue("Corn Exchange", "Cambridge", "GB", 52.2053, 0.1218);
        String id = organiser.published("Folk evening", venue, "Europe/London", START, END, "free");

        assertThat(organiser.ok("/v3/events/" + id + "/unpublish/", "").get("unpublished").asBoolean()).isTrue();
        assertThat(organiser.read("/v3/events/" + id + "/").get("status").asString()).isEqualTo("draft");
        assertThat(organiser.ok("/v3/events/" + id + "/publish/", "").get("published").asBoolean()).isTrue();
        HttpResponse<String> deleteLive = organiser.delete("/v3/events/" + id + "/");
        assertThat(deleteLive.statusCode()).isEqualTo(409);
        assertThat(json(deleteLive).get("error").asString()).isEqualTo("REQUEST_CONFLICT");

        assertThat(organiser.ok("/v3/events/" + id + "/cancel/", "").get("canceled").asBoolean()).isTrue();
        assertThat(organiser.read("/v3/events/" + id + "/").get("status").asString()).isEqualTo("canceled");
        assertThat(found(organiser, "q=folk")).doesNotContain(id);
        assertThat(found(organiser, "q=folk&status=canceled")).containsExactly(id);
        assertThat(organiser.post("/v3/events/" + id + "/cancel/", "").statusCode()).isEqualTo(409);
        assertThat(organiser.post("/v3/events/" + id + "/", "{\"event\":{\"capacity\":5}}").statusCode()).isEqualTo(409);
        assertThat(json(organiser.post("/v3/events/" + id + "/publish/", "")).get("error_description").asString())
                .isEqualTo("event " + id + " is canceled, so it cannot be published");

        String draft = organiser.draft("Scrapped idea", venue, "Europe/London", START, END);
        assertThat(organiser.delete("/v3/events/" + draft + "/").statusCode()).isEqualTo(200);
        assertThat(organiser.get("/v3/events/" + draft + "/").statusCode()).isEqualTo(404);
    }

    @Test
    void checksTicketClassesAndVenues() {
        String id = organiser.draft("Tasting", null, "Asia/Tokyo", START, END);
        String path = "/v3/events/" + id + "/ticket_classes/";

        assertArgumentsError(organiser.post(path, """
                {"ticket_class":{"name":"Bad","free":true,"cost":"USD,100","quantity_total":0,
                 "sales_start":"2026-05-10T00:00:00Z","sales_end":"2026-05-09T00:00:00Z"}}"""),
                "ticket_class.cost", "ticket_class.quantity_total", "ticket_class.sales_end");
        assertArgumentsError(organiser.post(path, "{\"ticket_class\":{\"name\":\"Euro\",\"cost\":\"EUR,100\",\"capacity\":5}}"),
                "ticket_class.cost");
        assertArgumentsError(organiser.post(path, "{\"ticket_class\":{\"name\":\"Late\",\"free\":true,\"quantity_total\":5,"
                + "\"sales_end\":\"2026-06-01T00:00:00Z\"}}"), "ticket_class.sales_end");
        assertThat(organiser.ok(path, "{\"ticket_class\":{\"name\":\"Free\",\"free\":true,\"capacity\":50}}")
                .get("free").asBoolean()).isTrue();
        assertThat(organiser.read("/v3/events/" + id + "/").get("is_free").asBoolean()).isTrue();
        organiser.ok(path, "{\"ticket_class\":{\"name\":\"Paid\",\"cost\":\"USD,999\",\"quantity_total\":50}}");
        assertThat(organiser.read("/v3/events/" + id + "/").get("is_free").asBoolean()).isFalse();

        String org = organiser.organization();
        assertArgumentsError(organiser.post("/v3/organizations/" + org + "/venues/", """
                {"venue":{"name":"Nowhere","timezone":"Atlantis","address":{"city":"X","country":"ZZ","latitude":"91","longitude":"east"}}}"""),
                "venue.timezone", "venue.address.country", "venue.address.latitude", "venue.address.longitude");
        JsonNode venue = organiser.ok("/v3/organizations/" + org + "/venues/", """
                {"venue":{"name":"Harbour Hall","timezone":"Australia/Sydney","address":{"city":"Sydney","country":"AU","latitude":-33.86,"longitude":151.2}}}""");
        assertThat(venue.get("latitude").asString()).isEqualTo("-33.86");
        assertThat(venue.get("timezone").asString()).isEqualTo("Australia/Sydney");
    }

    @Test
    void changesItsOwnVenueAndTheCalendarRevisionOfEventsThere() {
        String venue = organiser.venue("Old Hall", "London", "GB", 51.5074, -0.1278);
        String event = organiser.published("At the hall", venue, "Europe/London", START, END, "free");
        String before = api.as("events:read").get("/v3/events/" + event + "/ical").body();

        JsonNode changed = organiser.ok("/v3/venues/" + venue + "/", """
                {"venue":{"name":"New Hall","capacity":120,"address":{"address_1":"2 Quay","city":"Bristol",
                 "country":"GB","latitude":"51.4545","longitude":"-2.5879"}}}""");

        assertThat(changed.get("name").asString()).isEqualTo("New Hall");
        assertThat(changed.get("address").get("city").asString()).isEqualTo("Bristol");
        assertThat(organiser.read("/v3/venues/" + venue + "/").get("latitude").asString()).isEqualTo("51.4545");
        String after = api.as("events:read").get("/v3/events/" + event + "/ical").body();
        assertThat(before).contains("SEQUENCE:0");
        assertThat(after).contains("SEQUENCE:1", "Bristol");
        assertArgumentsError(organiser.post("/v3/venues/" + venue + "/", "{\"venue\":{\"name\":\"No address\"}}"),
                "venue.address");
        assertThat(stranger.post("/v3/venues/" + venue + "/", "{\"venue\":{\"name\":\"Mine now\"}}").statusCode())
                .isEqualTo(403);
        String hidden = organiser.venue("Hidden Hall", "Paris", "FR", 48.8566, 2.3522);
        assertThat(stranger.post("/v3/venues/" + hidden + "/", "{\"venue\":{\"name\":\"Mine now\"}}").statusCode())
                .isEqualTo(404);
        assertThat(organiser.post("/v3/venues/999999999/", "{}").statusCode()).isEqualTo(404);
    }

    @Test
    void answersBadBodiesAndIdsWithoutServerErrors() {
        String org = organiser.organization();
        for (String body : List.of("", "not json", "[]", "\"event\"", "{\"event\":[]}", "{\"event\":{\"name\":\"plain\"}}",
                "{\"event\":{\"start\":{\"utc\":12}}}", "{\"event\":{\"capacity\":\"lots\"}}", "{\"other\":{}}")) {
            HttpResponse<String> response = organiser.post("/v3/organizations/" + org + "/events/", body);
            assertThat(response.statusCode()).as(body + " -> " + response.body()).isEqualTo(400);
        }
        assertThat(organiser.post("/v3/events/abc/publish/", "").statusCode()).isEqualTo(404);
        assertThat(organiser.post("/v3/events/99999999999999999999/", "{\"event\":{}}").statusCode()).isEqualTo(404);
        assertThat(organiser.post("/v3/events/1/ticket_classes/", "{").statusCode()).isIn(400, 403, 404);
    }
}
