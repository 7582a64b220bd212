package dev.quintet.events;

import static dev.quintet.events.EventsApi.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** An organization lists its own events (drafts too) and venues; anyone lists an organizer's published events. */
class ListingsTest {

    static EventsApi api;
    static EventsApi.Client organiser;
    static EventsApi.Client reader;
    static String venue;
    static String draft;
    static String early;
    static String late;
    static String canceled;

    @BeforeAll
    static void start() {
        api = new EventsApi(Instant.parse("2026-05-01T12:00:00Z"));
        organiser = api.new Client(UUID.randomUUID(), "events:read events:write");
        reader = api.new Client(UUID.randomUUID(), "events:read");
        venue = organiser.venue("Southbank Hall", "London", "GB", 51.5074, -0.1278);
        late = organiser.published("Late show", venue, "Europe/London", "2026-06-20T18:00:00Z", "2026-06-20T21:00:00Z", "free");
        early = organiser.published("Early show", venue, "Europe/London", "2026-05-20T18:00:00Z", "2026-05-20T21:00:00Z", "free");
        canceled = organiser.published("Called off", venue, "Europe/London", "2026-05-25T18:00:00Z", "2026-05-25T21:00:00Z", "free");
        organiser.ok("/v3/events/" + canceled + "/cancel/", "");
        draft = organiser.draft("Still a draft", venue, "Europe/London", "2026-05-10T18:00:00Z", "2026-05-10T21:00:00Z");
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("events").forEach(e -> ids.add(e.get("id").asString()));
        return ids;
    }

    @Test
    void listsEveryEventOfTheOrganizationDraftsIncludedInStartOrder() {
        JsonNode page = organiser.read("/v3/organizations/" + organiser.organization() + "/events/");

        assertThat(ids(page)).containsExactly(draft, early, canceled, late);
        assertThat(page.get("pagination").get("object_count").asInt()).isEqualTo(4);
        assertThat(page.get("events").get(0).get("status").asString()).isEqualTo("draft");
    }

    @Test
    void filtersByStatusOrdersAndPages() {
        String base = "/v3/organizations/" + organiser.organization() + "/events/";

        assertThat(ids(organiser.read(base + "?status=draft"))).containsExactly(draft);
        assertThat(ids(organiser.read(base + "?status=live,canceled&order_by=start_desc"))).containsExactly(late, canceled, early);
        JsonNode second = organiser.read(base + "?page_size=3&page=2&expand=venue");
        assertThat(ids(second)).containsExactly(late);
        assertThat(second.get("events").get(0).get("venue").get("name").asString()).isEqualTo("Southbank Hall");
        assertThat(second.get("pagination").get("page_count").asInt()).isEqualTo(2);
        assertThat(second.get("pagination").get("has_more_items").asBoolean()).isFalse();
        assertThat(organiser.get(base + "?page=3&page_size=3").statusCode()).isEqualTo(400);
    }

    @Test
    void refusesAnotherOrganizationsListAndAReadOnlyToken() {
        EventsApi.Client other = api.new Client(UUID.randomUUID(), "events:read events:write");
        other.organization();

        assertThat(other.get("/v3/organizations/" + organiser.organization() + "/events/").statusCode()).isEqualTo(403);
        assertThat(other.get("/v3/organizations/" + organiser.organization() + "/venues/").statusCode()).isEqualTo(403);
        assertThat(reader.get("/v3/organizations/" + organiser.organization() + "/events/").statusCode()).isEqualTo(403);
    }

    @Test
    void listsTheOrganizationsVenues() {
        JsonNode page = organiser.read("/v3/organizations/" + organiser.organization() + "/venues/");

        assertThat(page.get("venues")).hasSize(1);
        assertThat(page.get("venues").get(0).get("id").asString()).isEqualTo(venue);
        assertThat(page.get("pagination").get("object_count").asInt()).isEqualTo(1);
    }

    @Test
    void listsAnOrganizersPublishedEventsToAnyReaderButNeverDrafts() {
        String base = "/v3/organizers/" + organiser.organizer() + "/events/";

        assertThat(ids(reader.read(base))).containsExactly(early, late);
        assertThat(ids(reader.read(base + "?status=all"))).containsExactly(early, canceled, late);
        HttpResponse<String> drafts = reader.get(base + "?status=draft");
        assertThat(drafts.statusCode()).isEqualTo(400);
        assertThat(json(drafts).get("error_description").asString()).contains("status", "drafts are listed only");
        assertThat(reader.get("/v3/organizers/999999999/events/").statusCode()).isEqualTo(404);
    }

    @Test
    void refusesUnknownParametersAndBadValuesNamingThem() {
        String base = "/v3/organizers/" + organiser.organizer() + "/events/";

        for (String query : List.of("?sort=date", "?order_by=name", "?page_size=101", "?expand=people")) {
            HttpResponse<String> response = reader.get(base + query);
            assertThat(response.statusCode()).as(query).isEqualTo(400);
            assertThat(json(response).get("error").asString()).isEqualTo("ARGUMENTS_ERROR");
        }
    }
}
