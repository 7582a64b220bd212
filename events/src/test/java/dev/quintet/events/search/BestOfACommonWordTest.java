package dev.quintet.events.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.EventsApplication;
import dev.quintet.events.TestIssuer;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code sort_by=best} for a word common enough that its 200 soonest matches are all among the soonest candidates
 * read in start order (see {@link EventSearch}): 360 upcoming events have it, spread over three weeks between as
 * many that do not, two by two at the same start, stored in shuffled order so ids do not follow dates. Now is later
 * than any other test's events, so none of theirs is upcoming here and none stored as ended is still running.
 */
class BestOfACommonWordTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Instant NOW = Instant.parse("2027-03-01T12:00:00Z");
    static final String WORD = "Pangolin";
    static final int MATCHES = 360;

    /** How an event has the word, in the order {@code ts_rank} puts them: each kind ranks above the next. */
    enum Kind {
        NAME_TWICE, NAME, DESCRIPTION_THRICE, DESCRIPTION
    }

    record Seeded(long id, Instant start, Kind kind) {
    }

    static MutableClock clock;
    static TestIssuer issuer;
    static TestPlatform platform;
    static String base;
    static JdbcClient jdbc;
    static final List<Seeded> matching = new ArrayList<>();

    @BeforeAll
    static void start() {
        clock = new MutableClock(NOW);
        issuer = new TestIssuer(clock);
        platform = TestPlatform.start(clock);
        base = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + issuer.url(),
                "--quintet.events.status-sweep-interval=1h");
        jdbc = platform.bean(JdbcClient.class);
        Events events = new Events(jdbc, clock);
        long organizer = events.addOrganizer(null, "Best test " + UUID.randomUUID(), "", null);
        List<Event> batch = new ArrayList<>();
        List<Kind> kinds = new ArrayList<>();
        for (int i = 0; i < MATCHES; i++) {
            Instant start = NOW.plus(Duration.ofHours(1 + 3L * (i / 2)));
            Kind kind = switch (i % 10) {
                case 3 -> Kind.NAME_TWICE;
                case 0, 1, 5, 7 -> Kind.NAME;
                case 9 -> Kind.DESCRIPTION_THRICE;
                default -> Kind.DESCRIPTION;
            };
            String name = switch (kind) {
                case NAME_TWICE -> WORD + " and baby " + WORD.toLowerCase() + " parade " + i;
                case NAME -> WORD + " walk " + i;
                default -> "Evening talk " + i;
            };
            String text = switch (kind) {
                case DESCRIPTION_THRICE -> "Where the pangolin lives, what a pangolin eats, how a pangolin sleeps.";
                case DESCRIPTION -> "Everything about the pangolin.";
                default -> "A walk through the reserve at dusk.";
            };
            batch.add(event(organizer, name, text, start));
            kinds.add(kind);
            batch.add(event(organizer, "Owl watching " + i, "Owls at dusk.", start.plus(Duration.ofMinutes(90))));
            kinds.add(null);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(7));
        List<Event> shuffled = order.stream().map(batch::get).toList();
        TicketClass free = new TicketClass(0, 0, "Free", true, null, "USD", 100, 0, null, null);
        List<Long> ids = events.addAll(shuffled, Collections.nCopies(shuffled.size(), free));
        for (int i = 0; i < ids.size(); i++) {
            Kind kind = kinds.get(order.get(i));
            if (kind != null) {
                matching.add(new Seeded(ids.get(i), shuffled.get(i).startUtc(), kind));
            }
        }
        events.addEvent(event(organizer, WORD + " draft", "Not published.", NOW.plus(Duration.ofHours(2)), "draft"),
                List.of(free));
    }

    static Event event(long organizer, String name, String text, Instant start) {
        return event(organizer, name, text, start, "live");
    }

    static Event event(long organizer, String name, String text, Instant start, String status) {
        return Event.of(organizer, null, name, "<p>" + text + "</p>", text, null, "UTC", start,
                start.plus(Duration.ofHours(1)), status, true, true, 100, "USD", "102", "2");
    }

    @AfterAll
    static void stop() {
        platform.close();
        issuer.close();
    }

    /** The matches in date order (start, then id). */
    static List<Seeded> byDate() {
        return matching.stream().sorted(Comparator.comparing(Seeded::start).thenComparing(Seeded::id)).toList();
    }

    /** As documented: the 200 soonest matches best first (then by date), then the rest by date. */
    static List<Long> expected() {
        List<Seeded> byDate = byDate();
        List<Long> ids = new ArrayList<>(byDate.subList(0, EventSearch.BEST_CANDIDATES).stream()
                .sorted(Comparator.comparing(Seeded::kind).thenComparing(Seeded::start).thenComparing(Seeded::id))
                .map(Seeded::id).toList());
        byDate.subList(EventSearch.BEST_CANDIDATES, byDate.size()).forEach(s -> ids.add(s.id()));
        return ids;
    }

    static JsonNode search(String query) {
        HttpResponse<String> response = Http.get(base + "/v3/events/search/?" + query,
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    static List<Long> ids(JsonNode page) {
        List<Long> ids = new ArrayList<>();
        page.get("events").forEach(e -> ids.add(Long.parseLong(e.get("id").asString())));
        return ids;
    }

    static Kind kind(long id) {
        return matching.stream().filter(s -> s.id() == id).findFirst().orElseThrow().kind();
    }

    @Test
    void theSeededWordIsCommonEnoughForTheSoonestCandidates() {
        // What EventSearch asks before taking the 200 from the soonest candidates: no event stored as ended is
        // running by the clock, and 200 of the soonest upcoming events have the word. Were either untrue, the
        // tests here would pass through the other way of finding them and say nothing of this one.
        int sweptButRunning = jdbc.sql("SELECT count(*) FROM events.events "
                + "WHERE status IN ('ended', 'completed') AND end_utc > :now")
                .param("now", NOW.atOffset(ZoneOffset.UTC)).query(Integer.class).single();
        long upcomingBefore200th = jdbc.sql("SELECT count(*) FROM events.events WHERE status IN ('live', 'started') "
                        + "AND end_utc > :now AND start_utc <= :last")
                .param("now", NOW.atOffset(ZoneOffset.UTC))
                .param("last", byDate().get(EventSearch.BEST_CANDIDATES - 1).start().atOffset(ZoneOffset.UTC))
                .query(Long.class).single();

        assertThat(sweptButRunning).isZero();
        assertThat(upcomingBefore200th).isLessThan((long) EventSearch.COUNT_CAP * EventSearch.PROBE_WINDOW_PER_CAP);
    }

    @Test
    void ranksTheSoonest200ByRelevanceThenFollowsByDate() {
        // Of the 200 soonest matches, 20 have the word twice in the name and 80 once: they fill the first page.
        JsonNode first = search("q=" + WORD.toLowerCase() + "&sort_by=best&page_size=100");
        List<Long> firstIds = ids(first);
        List<Long> expected = expected();

        assertThat(first.get("pagination").get("object_count").asInt()).isEqualTo(MATCHES);
        assertThat(first.get("pagination").get("object_count_exact").asBoolean()).isTrue();
        assertThat(first.get("pagination").get("page_count").asInt()).isEqualTo(4);
        // Name matches first, then description-only ones: the first page is all names, and names twice lead.
        assertThat(firstIds).allMatch(id -> kind(id).compareTo(Kind.NAME) <= 0);
        assertThat(firstIds.subList(0, 20)).allMatch(id -> kind(id) == Kind.NAME_TWICE);
        assertThat(firstIds).containsExactlyElementsOf(expected.subList(0, 100));
    }

    @Test
    void followsContinuationsAcrossThe200thMatchWithoutGapsOrRepeats() {
        String query = "q=" + WORD.toLowerCase() + "&sort_by=best&page_size=30";
        List<Long> all = new ArrayList<>();
        JsonNode page = search(query);
        all.addAll(ids(page));
        int pages = 1;
        while (page.get("pagination").get("has_more_items").asBoolean()) {
            page = search(query + "&continuation="
                    + URLEncoder.encode(page.get("pagination").get("continuation").asString(), StandardCharsets.UTF_8));
            all.addAll(ids(page));
            pages++;
            assertThat(page.get("pagination").get("page_number").asInt()).isEqualTo(pages);
            assertThat(page.get("pagination").get("object_count").asInt()).isEqualTo(MATCHES);
        }

        assertThat(pages).isEqualTo(12);
        assertThat(new HashSet<>(all)).hasSameSizeAs(all)
                .isEqualTo(new HashSet<>(matching.stream().map(Seeded::id).toList()));
        assertThat(all).containsExactlyElementsOf(expected());
    }

    @Test
    void pagesByNumberMeetAtThe200thMatch() {
        String query = "q=" + WORD.toLowerCase() + "&sort_by=best&page_size=50&page=";
        List<Long> all = new ArrayList<>();
        for (int page = 1; page <= 8; page++) {
            JsonNode found = search(query + page);
            assertThat(found.get("pagination").get("object_count").asInt()).isEqualTo(MATCHES);
            assertThat(found.get("pagination").get("has_more_items").asBoolean()).isEqualTo(page < 8);
            all.addAll(ids(found));
        }

        assertThat(all).containsExactlyElementsOf(expected());
        HttpResponse<String> past = Http.get(base + "/v3/events/search/?" + query + "9",
                "Authorization", "Bearer " + issuer.token(UUID.randomUUID(), "events:read"));
        assertThat(past.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(past.body()).get("param").asString()).isEqualTo("page");
    }

    @Test
    void findsTheSamePagesWhenItsCandidatesAreFoundAmongAllMatches() {
        // With a count cap of 5 the soonest candidates are the first 100 upcoming events, which hold fewer than 200
        // matches: the 200 are then found among all matches, and must be the same.
        EventSearch fallback = new EventSearch(jdbc, clock, 5);
        List<Long> all = new ArrayList<>();
        for (int page = 1; page <= 4; page++) {
            Map<String, String[]> parameters = new HashMap<>(Map.of("q", new String[] {WORD}, "sort_by",
                    new String[] {"best"}, "page_size", new String[] {"100"}, "page", new String[] {"" + page}));
            fallback.search(SearchQuery.parse(parameters)).events().forEach(e -> all.add(e.id()));
        }

        assertThat(all).containsExactlyElementsOf(expected());
    }
}
