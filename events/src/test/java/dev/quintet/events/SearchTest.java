package dev.quintet.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.EventSeeder;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.events.catalog.Venue;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Search over a small known set: Wednesday 2026-06-10 23:30 UTC is Thursday morning in London and Tokyo. */
class SearchTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Instant NOW = Instant.parse("2026-06-10T23:30:00Z");

    static MutableClock clock;
    static TestIssuer issuer;
    static TestPlatform platform;
    static String base;
    static Events events;
    static long organizer;

    @BeforeAll
    static void start() {
        clock = new MutableClock(NOW);
        issuer = new TestIssuer(clock);
        platform = TestPlatform.start(clock);
        base = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + issuer.url());
        events = new Events(platform.bean(org.springframework.jdbc.core.simple.JdbcClient.class), clock);
        organizer = events.addOrganizer(null, "Search test " + UUID.randomUUID(), "", null);
        long london = venue("Southbank Hall", "London", "GB", 51.5074, -0.1278, "Europe/London");
        long oxford = venue("Oxford Rooms", "Oxford", "GB", 51.7520, -1.2577, "Europe/London");
        long paris = venue("Salle Pleyel", "Paris", "FR", 48.8566, 2.3522, "Europe/Paris");
        long tokyo = venue("Shibuya Stage", "Tokyo", "JP", 35.6762, 139.6503, "Asia/Tokyo");
        long honolulu = venue("Waikiki Shell", "Honolulu", "US", 21.3069, -157.8583, "Pacific/Honolulu");
        event("Jazz at the Southbank", "An evening of music.", london, "Europe/London", "2026-06-11T20:00", "103", false, "3002");
        event("Café Crème Tasting", "Roasters pour espresso.", oxford, "Europe/London", "2026-06-13T15:00", "110", true, null);
        event("Chanson night", "French songs and a little jazz.", paris, "Europe/Paris", "2026-06-16T21:00", "103", false, null);
        event("Tokyo Developer Meetup", "Talks on databases.", tokyo, "Asia/Tokyo", "2026-06-11T19:00", "102", true, null);
        event("Sunset Ukulele", "Music by the beach.", honolulu, "Pacific/Honolulu", "2026-06-10T18:00", "103", true, null);
        event("Luau Cooking Class", "Learn to cook.", honolulu, "Pacific/Honolulu", "2026-06-11T18:00", "110", false, null);
        event("Online SQL Clinic", "Bring your slow queries.", null, "UTC", "2026-06-11T16:00", "102", true, null);
    }

    @AfterAll
    static void stop() {
        platform.close();
        issuer.close();
    }

    static long venue(String name, String city, String country, double lat, double lon, String zone) {
        return events.addVenue(new Venue(0, name, "1 High Street", city, null, null, country, lat, lon, zone, 300));
    }

    static void event(String name, String text, Long venue, String zone, String localStart, String category, boolean free,
                      String subcategory) {
        Instant start = LocalDateTime.parse(localStart).atZone(ZoneId.of(zone)).toInstant();
        TicketClass ticket = free ? new TicketClass(0, 0, "Free", true, null, "USD", 100, 0, null, null)
                : new TicketClass(0, 0, "Standard", false, 1500L, "USD", 100, 10, null, start);
        events.addEvent(Event.of(organizer, venue, name, "<p>" + text + "</p>", text, null, zone, start,
                start.plus(Duration.ofHours(2)), "live", venue == null, free, 100, "USD", category, "6")
                .inSubcategory(subcategory), List.of(ticket));
    }

    static String bearer() {
        return "Bearer " + issuer.token(UUID.randomUUID(), "events:read");
    }

    static void otherEvent(long organizer, String name, String localStart) {
        Instant start = LocalDateTime.parse(localStart).atZone(ZoneId.of("UTC")).toInstant();
        events.addEvent(Event.of(organizer, null, name, "<p>Talk.</p>", "Talk.", null, "UTC", start,
                start.plus(Duration.ofHours(1)), "live", true, true, 100, "USD", "102", "2"),
                List.of(new TicketClass(0, 0, "Free", true, null, "USD", 100, 0, null, null)));
    }

    static JsonNode search(String query) {
        HttpResponse<String> response = Http.get(base + "/v3/events/search/?organizer.id=" + organizer + "&" + query,
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    static List<String> names(JsonNode page) {
        List<String> names = new ArrayList<>();
        page.get("events").forEach(e -> names.add(e.get("name").get("text").asString()));
        return names;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void findsEventsWithinARadiusInKilometresAndMiles() {
        String london = "location.latitude=51.5074&location.longitude=-0.1278&location.within=";

        assertThat(names(search(london + "10km"))).containsExactly("Jazz at the Southbank");
        assertThat(names(search(london + "85km"))).containsExactlyInAnyOrder("Jazz at the Southbank", "Café Crème Tasting");
        assertThat(names(search(london + "50mi"))).containsExactly("Jazz at the Southbank");
        assertThat(names(search(london + "55mi"))).containsExactlyInAnyOrder("Jazz at the Southbank", "Café Crème Tasting");
        assertThat(names(search(london + "400km&sort_by=distance")))
                .containsExactly("Jazz at the Southbank", "Café Crème Tasting", "Chanson night");
    }

    @Test
    void readsDateKeywordsInEachVenuesTimeZone() {
        assertThat(names(search("start_date.keyword=today")))
                .containsExactlyInAnyOrder("Jazz at the Southbank", "Tokyo Developer Meetup", "Sunset Ukulele");
        assertThat(names(search("start_date.keyword=tomorrow"))).containsExactlyInAnyOrder("Luau Cooking Class", "Online SQL Clinic");
        assertThat(names(search("start_date.keyword=this_weekend"))).containsExactly("Café Crème Tasting");
        assertThat(names(search("start_date.keyword=next_week"))).containsExactly("Chanson night");
    }

    @Test
    void readsLocalRangeBoundsInTheEventsZoneAndUtcOnesInUtc() {
        assertThat(names(search("start_date.range_start=2026-06-11T19:30:00&start_date.range_end=2026-06-11T20:30:00")))
                .containsExactly("Jazz at the Southbank");
        assertThat(names(search("start_date.range_start=2026-06-11T19:00:00Z&start_date.range_end=2026-06-11T19:30:00Z")))
                .containsExactly("Jazz at the Southbank");
    }

    @Test
    void filtersByCategoryPriceAndOnline() {
        assertThat(names(search("categories=110"))).containsExactlyInAnyOrder("Café Crème Tasting", "Luau Cooking Class");
        assertThat(names(search("categories=103&price=free"))).containsExactly("Sunset Ukulele");
        assertThat(names(search("categories=103,110&price=paid")))
                .containsExactlyInAnyOrder("Jazz at the Southbank", "Chanson night", "Luau Cooking Class");
        assertThat(names(search("online_events_only=true"))).containsExactly("Online SQL Clinic");
    }

    @Test
    void matchesTextWithoutAccentsAndRanksNameMatchesFirst() {
        assertThat(names(search("q=" + enc("cafe creme")))).containsExactly("Café Crème Tasting");
        assertThat(names(search("q=jazz&sort_by=best"))).containsExactly("Jazz at the Southbank", "Chanson night");
    }

    @Test
    void pagesWithoutGapsOrDuplicates() {
        JsonNode first = search("page_size=3");
        assertThat(first.get("pagination").get("object_count").asInt()).isEqualTo(7);
        assertThat(first.get("pagination").get("object_count_exact").asBoolean()).isTrue();
        assertThat(first.get("pagination").get("page_count").asInt()).isEqualTo(3);
        assertThat(first.get("pagination").get("has_more_items").asBoolean()).isTrue();
        List<String> all = new ArrayList<>(names(first));
        all.addAll(names(search("page_size=3&page=2")));
        JsonNode last = search("page_size=3&page=3");
        all.addAll(names(last));
        assertThat(last.get("pagination").get("has_more_items").asBoolean()).isFalse();
        assertThat(all).hasSize(7);
        assertThat(new HashSet<>(all)).hasSize(7);
    }

    @Test
    void followsContinuationTokensToTheLastPageWithoutGapsOrRepeats() {
        List<String> all = new ArrayList<>();
        JsonNode page = search("page_size=3");
        all.addAll(names(page));
        int pages = 1;
        while (page.get("pagination").get("has_more_items").asBoolean()) {
            String token = page.get("pagination").get("continuation").asString();
            page = search("page_size=3&continuation=" + enc(token));
            all.addAll(names(page));
            pages++;
            assertThat(page.get("pagination").get("page_number").asInt()).isEqualTo(pages);
            assertThat(page.get("pagination").get("object_count").asInt()).isEqualTo(7);
        }

        assertThat(pages).isEqualTo(3);
        assertThat(page.get("pagination").has("continuation")).isFalse();
        assertThat(all).containsExactlyElementsOf(names(search("page_size=7")));
    }

    @Test
    void aContinuationStartsAfterTheLastEventShownEvenWhenEarlierOnesAreAdded() {
        long other = events.addOrganizer(null, "Continuation test " + UUID.randomUUID(), "", null);
        for (int day = 20; day < 25; day++) {
            otherEvent(other, "Talk " + day, "2026-06-" + day + "T10:00");
        }
        String first = "/v3/events/search/?organizer.id=" + other + "&page_size=2";
        JsonNode page1 = JSON.readTree(Http.get(base + first, "Authorization", bearer()).body());
        otherEvent(other, "Talk 19", "2026-06-19T10:00");

        JsonNode page2 = JSON.readTree(Http.get(base + first + "&continuation="
                + enc(page1.get("pagination").get("continuation").asString()), "Authorization", bearer()).body());

        assertThat(names(page1)).containsExactly("Talk 20", "Talk 21");
        assertThat(names(page2)).containsExactly("Talk 22", "Talk 23");
    }

    @Test
    void refusesAContinuationMadeForOtherParametersOrNotOurs() {
        String token = search("page_size=3").get("pagination").get("continuation").asString();

        HttpResponse<String> changed = Http.get(base + "/v3/events/search/?organizer.id=" + organizer
                + "&page_size=3&categories=103&continuation=" + enc(token), "Authorization", bearer());
        HttpResponse<String> forged = Http.get(base + "/v3/events/search/?organizer.id=" + organizer
                + "&page_size=3&continuation=bm90LWEtdG9rZW4", "Authorization", bearer());
        HttpResponse<String> both = Http.get(base + "/v3/events/search/?organizer.id=" + organizer
                + "&page_size=3&page=2&continuation=" + enc(token), "Authorization", bearer());

        for (HttpResponse<String> refused : List.of(changed, forged)) {
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(refused.body()).get("error").asString()).isEqualTo("BAD_CONTINUATION_TOKEN");
            assertThat(JSON.readTree(refused.body()).get("param").asString()).isEqualTo("continuation");
        }
        assertThat(JSON.readTree(changed.body()).get("error_description").asString()).contains("other parameters");
        assertThat(both.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(both.body()).get("error_description").asString()).isEqualTo("give page or continuation, not both");
    }

    @Test
    void findsEventsAroundAPlaceKnownFromVenues() {
        JsonNode london = search("location.address=" + enc("london"));
        JsonNode paris = search("location.address=" + enc("Paris, France") + "&location.within=10km");

        assertThat(names(london)).containsExactly("Jazz at the Southbank");
        assertThat(london.get("location").get("within").asString()).isEqualTo("25km");
        assertThat(london.get("location").get("address").asString()).isEqualTo("london");
        assertThat(london.get("location").get("augmented_location").get("city").asString()).isEqualTo("London");
        assertThat(london.get("location").get("augmented_location").get("country").asString()).isEqualTo("United Kingdom");
        assertThat(london.get("location").get("latitude").asString()).startsWith("51.5");
        assertThat(names(paris)).containsExactly("Chanson night");
        assertThat(names(search("location.address=" + enc("Oxford, GB") + "&location.within=100km&sort_by=distance")))
                .containsExactly("Café Crème Tasting", "Jazz at the Southbank");
    }

    @Test
    void refusesAPlaceNoVenueIsIn() {
        for (String address : List.of("Atlantis", "Paris, US")) {
            HttpResponse<String> refused = Http.get(base + "/v3/events/search/?location.address=" + enc(address),
                    "Authorization", bearer());
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(refused.body()).get("param").asString()).isEqualTo("location.address");
            assertThat(JSON.readTree(refused.body()).get("error_description").asString())
                    .startsWith("no venue is in a place called '" + address + "'");
        }
        HttpResponse<String> both = Http.get(base + "/v3/events/search/?location.address=London"
                + "&location.latitude=51.5&location.longitude=0", "Authorization", bearer());
        assertThat(both.statusCode()).isEqualTo(400);
    }

    @Test
    void includesOnlineEventsWithAPlaceOrLeavesThemOutWhenAsked() {
        String london = "location.latitude=51.5074&location.longitude=-0.1278&location.within=10km";

        assertThat(names(search(london + "&include_online=true")))
                .containsExactly("Online SQL Clinic", "Jazz at the Southbank");
        assertThat(names(search(london + "&include_online=true&sort_by=distance")))
                .containsExactly("Jazz at the Southbank", "Online SQL Clinic");
        assertThat(names(search("include_online=false"))).hasSize(6).doesNotContain("Online SQL Clinic");
        HttpResponse<String> contradiction = Http.get(base + "/v3/events/search/?online_events_only=true&include_online=false",
                "Authorization", bearer());
        assertThat(contradiction.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(contradiction.body()).get("param").asString()).isEqualTo("include_online");
    }

    @Test
    void filtersBySubcategoryAndExpandsItWithItsCategory() {
        JsonNode found = search("subcategories=3002,3017&expand=subcategory");

        assertThat(names(found)).containsExactly("Jazz at the Southbank");
        JsonNode event = found.get("events").get(0);
        assertThat(event.get("subcategory_id").asString()).isEqualTo("3002");
        assertThat(event.get("subcategory").get("name").asString()).isEqualTo("Blues & Jazz");
        assertThat(event.get("subcategory").get("parent_category").get("id").asString()).isEqualTo("103");
        assertThat(names(search("subcategories=3017"))).isEmpty();
    }

    @Test
    void listsSubcategoriesWithTheirCategories() {
        JsonNode all = JSON.readTree(Http.get(base + "/v3/subcategories/", "Authorization", bearer()).body());
        JsonNode one = JSON.readTree(Http.get(base + "/v3/subcategories/5001/", "Authorization", bearer()).body());
        JsonNode music = JSON.readTree(Http.get(base + "/v3/categories/103/", "Authorization", bearer()).body());

        assertThat(all.get("pagination").get("object_count").asInt()).isEqualTo(100);
        assertThat(all.get("subcategories").get(0).get("id").asString()).isEqualTo("1001");
        assertThat(one.get("name").asString()).isEqualTo("Theatre");
        assertThat(one.get("parent_category").get("name").asString()).isEqualTo("Performing & Visual Arts");
        assertThat(music.get("name").asString()).isEqualTo("Music");
        assertThat(music.get("subcategories")).hasSize(19);
        assertThat(Http.get(base + "/v3/subcategories/77/", "Authorization", bearer()).statusCode()).isEqualTo(404);
    }

    @Test
    void expandsVenueOrganizerAndTicketClassesInEventbritesShape() {
        JsonNode event = search("q=jazz&expand=venue,organizer,ticket_classes,category").get("events").get(0);

        assertThat(event.get("start").get("timezone").asString()).isEqualTo("Europe/London");
        assertThat(event.get("start").get("local").asString()).isEqualTo("2026-06-11T20:00:00");
        assertThat(event.get("start").get("utc").asString()).isEqualTo("2026-06-11T19:00:00Z");
        assertThat(event.get("is_free").asBoolean()).isFalse();
        assertThat(event.get("venue").get("latitude").isString()).isTrue();
        assertThat(event.get("venue").get("address").get("city").asString()).isEqualTo("London");
        assertThat(event.get("organizer").get("id").asString()).isEqualTo(String.valueOf(organizer));
        assertThat(event.get("ticket_classes").get(0).get("cost").get("value").asLong()).isEqualTo(1500);
        assertThat(event.get("ticket_classes").get(0).get("cost").get("major_value").asString()).isEqualTo("15.00");
        assertThat(event.get("category").get("name").asString()).isEqualTo("Music");

        String id = event.get("id").asString();
        HttpResponse<String> one = Http.get(base + "/v3/events/" + id + "/?expand=venue",
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(one.body()).get("venue").get("name").asString()).isEqualTo("Southbank Hall");
    }

    @Test
    void refusesUnknownOrBadParametersNamingTheRule() {
        HttpResponse<String> unknown = Http.get(base + "/v3/events/search/?free=true",
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(unknown.body()).get("error").asString()).isEqualTo("ARGUMENTS_ERROR");
        assertThat(JSON.readTree(unknown.body()).get("error_description").asString()).contains("free is not a search parameter");
        HttpResponse<String> within = Http.get(base + "/v3/events/search/?location.latitude=1&location.longitude=2&location.within=10yards",
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(JSON.readTree(within.body()).get("error_description").asString())
                .isEqualTo("location.within must be a distance in km or mi such as 10km or 5mi, got '10yards'");
        HttpResponse<String> missing = Http.get(base + "/v3/events/999999999/",
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(missing.statusCode()).isEqualTo(404);
    }

    @Test
    void seedsARepeatableDataSetThatSearchFinds() {
        EventSeeder seeder = new EventSeeder(events, clock);

        List<Long> ids = seeder.seed(120, 7);

        assertThat(ids).hasSize(120);
        long firstNew = ids.getFirst();
        HttpResponse<String> tokyo = Http.get(base + "/v3/events/search/?location.latitude=35.6762&location.longitude=139.6503"
                        + "&location.within=20km&expand=venue&page_size=100",
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        JsonNode found = JSON.readTree(tokyo.body()).get("events");
        assertThat(found.size()).isPositive();
        found.forEach(e -> {
            assertThat(e.get("venue").get("address").get("city").asString()).isEqualTo("Tokyo");
            assertThat(e.get("start").get("timezone").asString()).isEqualTo("Asia/Tokyo");
        });
        assertThat(firstNew).isPositive();
    }
}
