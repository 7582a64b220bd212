package dev.quintet.events.search;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.platform.tasks.Beside;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.util.PGobject;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Runs a {@link SearchQuery} over published events, by default those live or started at the injected clock's now. Text is PostgreSQL full text with accents folded;
 * distance is great-circle (earthdistance) from the venue; date keywords and local range bounds are read in each
 * event's own time zone, against the injected clock.
 *
 * <p>Counts are exact up to {@value #COUNT_CAP} matches; past that the count says {@value #COUNT_CAP} and
 * {@link Results#capped()} is true, as a search engine's totals are. Without a continuation (which carries the
 * count), the count is made on a second connection while the page is read. {@code sort_by=best} ranks by relevance
 * the {@value #BEST_CANDIDATES} soonest matches, which come first; any further matches follow by date.
 */
public final class EventSearch {

    /**
     * One page of results and how many there are in all, or {@link #COUNT_CAP} and {@code capped} past that; the
     * token of the next page when there is one, and the place {@code location.address} was read as.
     */
    public record Results(List<Event> events, int objectCount, boolean capped, Continuation next, Places.Place place) {

        public boolean hasMoreItems() {
            return next != null;
        }
    }

    public static final int COUNT_CAP = 1_000;
    /** How many candidates, per counted match, a text search's count tests in start order before counting otherwise. */
    static final int PROBE_WINDOW_PER_CAP = 20;
    static final int BEST_CANDIDATES = 200;
    private static final String SOONEST = "ORDER BY e.start_utc, e.id";
    /** What choosing a page needs of each match. */
    private static final String CHOICE = "e.id, e.start_utc";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final int countCap;
    private final Places places;

    public EventSearch(JdbcClient jdbc, Clock clock) {
        this(jdbc, clock, COUNT_CAP);
    }

    EventSearch(JdbcClient jdbc, Clock clock, int countCap) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.countCap = countCap;
        this.places = new Places(jdbc);
    }

    public Results search(SearchQuery asked) {
        Places.Place place = asked.address() == null ? null : places.find(asked.address())
                .orElseThrow(() -> SearchQuery.error("location.address", "no venue is in a place called '"
                        + asked.address() + "'; give a city, optionally with its region or country ('Portland, OR', "
                        + "'London, GB'), or location.latitude and location.longitude"));
        SearchQuery query = place == null ? asked : asked.at(place.latitude(), place.longitude());
        SearchFilter filter = new SearchFilter(query, clock.instant(), query.q() == null ? null : words(query.q()));
        int limit = query.pageSize();
        int offset = (query.page() - 1) * limit;
        Continuation from = query.continuation();
        boolean afterLast = from != null && from.afterId() != null && query.dateOrdered();
        if (afterLast) {
            filter.after(from.afterStart(), from.afterId());
        }
        Beside<Integer> counting = from == null ? Beside.start("event-search-count", () -> count(filter)) : null;
        List<Event> events = switch (query.sortBy()) {
            case "distance" -> nearest(filter, offset, limit);
            case "best" -> query.q() == null ? dated(filter, afterLast ? 0 : offset, limit) : best(filter, offset, limit);
            default -> dated(filter, afterLast ? 0 : offset, limit);
        };
        int count;
        boolean capped;
        if (events.size() < limit && (!events.isEmpty() || offset == 0 || from != null)) {
            count = offset + events.size();
            capped = false;
        } else if (from != null) {
            count = from.objectCount();
            capped = from.capped();
        } else {
            int counted = counting.get();
            count = Math.min(counted, countCap);
            capped = counted > countCap;
        }
        Continuation next = null;
        if (capped || offset + events.size() < count) {
            Event last = events.getLast();
            next = new Continuation(query.page() + 1, count, capped, query.fingerprint(),
                    query.dateOrdered() ? last.startUtc() : null, query.dateOrdered() ? last.id() : null);
        }
        return new Results(events, count, capped, next, place);
    }

    /**
     * The page by start, chosen by id and start alone, then read in full; around a place without text, venue by
     * venue, as each venue's soonest events come from an index in start order.
     *
     * <p>A text search on times alone looks for its page among the soonest candidates first (see {@link #count}):
     * a common word's page is there. Otherwise its matches are all found through the full-text index and the
     * soonest taken: walking the events in start order until enough match, which PostgreSQL would do when it
     * misjudges how common the words are together, reads every upcoming event when few or none match.
     */
    private List<Event> dated(SearchFilter filter, int offset, int limit) {
        if (filter.place() && !filter.text) {
            return byVenue(filter, "e.start_utc, e.id", offset, limit);
        }
        String soonest = filter.soonest();
        if (soonest == null) {
            return page(chosen("(" + filter.matches(CHOICE, true, "", SOONEST + " LIMIT :upto") + ")"),
                    filter.params, offset, limit);
        }
        Map<String, Object> params = new LinkedHashMap<>(filter.params);
        params.put("window", countCap * PROBE_WINDOW_PER_CAP);
        List<Event> events = page(chosen("(SELECT e.id, e.start_utc FROM (" + soonest
                + ") e WHERE e.search @@ :words " + SOONEST + " LIMIT :upto)"), params, offset, limit);
        if (events.size() == limit) {
            return events;
        }
        return page("WITH matches AS MATERIALIZED (" + filter.matches(CHOICE, true, "", "") + ") "
                + chosen("matches"), filter.params, offset, limit);
    }

    /** The page of {@code matches} (their id and start) in date order, read in full. */
    private static String chosen(String matches) {
        return "SELECT " + Events.EVENT_COLUMNS + " FROM events.events e JOIN (SELECT * FROM " + matches + " e "
                + SOONEST + " LIMIT :limit OFFSET :offset) p ON p.id = e.id ORDER BY p.start_utc, p.id";
    }

    /**
     * The soonest candidates ranked by relevance, then (past them) the rest by date. For a text search on times
     * alone they are taken from the soonest candidates in start order when all of them are there (a common word),
     * as for a date-ordered page; otherwise from all its matches, found through the full-text index (a rare word, or
     * words that seldom or never meet, which PostgreSQL, taking them as independent, would look for by walking every
     * upcoming event in start order). For other searches PostgreSQL finds them among all matches as it sees fit.
     */
    private List<Event> best(SearchFilter filter, int offset, int limit) {
        List<Event> events = new ArrayList<>();
        if (offset < BEST_CANDIDATES) {
            String candidates = SOONEST + " LIMIT " + BEST_CANDIDATES;
            Map<String, Object> params = new LinkedHashMap<>(filter.params);
            String matches = "(SELECT * FROM (" + filter.matches(CHOICE + ", e.search", true, "", candidates) + ") e "
                    + candidates + ")";
            String soonest = filter.soonest();
            if (soonest != null) {
                params.put("window", countCap * PROBE_WINDOW_PER_CAP);
                String inWindow = "(SELECT e.id, e.start_utc, e.search FROM (" + soonest + ") e "
                        + "WHERE e.search @@ :words " + candidates + ")";
                boolean allInWindow = jdbc.sql("SELECT count(*) FROM " + inWindow + " e").params(params)
                        .query(Integer.class).single() == BEST_CANDIDATES;
                matches = allInWindow ? inWindow : "(WITH matches AS MATERIALIZED (" + filter.matches(CHOICE, true,
                        "", "") + ") SELECT s.id, s.start_utc, e.search FROM (SELECT * FROM matches e " + candidates
                        + ") s JOIN events.events e ON e.id = s.id)";
            }
            events.addAll(page("SELECT " + Events.EVENT_COLUMNS + " FROM events.events e JOIN (SELECT e.id, "
                    + "e.start_utc, ts_rank(e.search, :words) AS rank FROM " + matches + " e "
                    + "ORDER BY rank DESC, e.start_utc, e.id LIMIT :limit OFFSET :offset) p ON p.id = e.id "
                    + "ORDER BY p.rank DESC, p.start_utc, p.id", params, offset,
                    Math.min(limit, BEST_CANDIDATES - offset)));
        }
        int from = Math.max(offset, BEST_CANDIDATES);
        if (offset + limit > from) {
            events.addAll(dated(filter, from, offset + limit - from));
        }
        return events;
    }

    /** Nearest first, then by start; online events, when included, come after the venues by date. */
    private List<Event> nearest(SearchFilter filter, int offset, int limit) {
        return byVenue(filter, "e.meters, e.start_utc, e.id", offset, limit);
    }

    /**
     * The venues in range, each with its soonest matching events (no page needs more than {@code offset + limit}
     * from one venue) and its distance as {@code meters}, and online events when included, in {@code order}. The
     * page is chosen by id and start alone, which the venue indexes hold, and only its events are read in full.
     */
    private List<Event> byVenue(SearchFilter filter, String order, int offset, int limit) {
        String near = "SELECT e.id, e.start_utc, near.meters FROM (SELECT v.id, " + SearchFilter.DISTANCE
                + " AS meters FROM events.venues v WHERE " + String.join(" AND ", filter.venueConditions) + ") near "
                + "CROSS JOIN LATERAL (SELECT * FROM (" + filter.matches(CHOICE, false, " AND e.venue_id = near.id",
                SOONEST + " LIMIT :upto") + ") e " + SOONEST + " LIMIT :upto) e";
        if (filter.onlineToo) {
            near += " UNION ALL SELECT e.id, e.start_utc, 'Infinity'::float8 FROM (SELECT * FROM ("
                    + filter.onlineMatches(CHOICE, "", SOONEST + " LIMIT :upto") + ") e " + SOONEST + " LIMIT :upto) e";
        }
        return page("SELECT " + Events.EVENT_COLUMNS + " FROM events.events e JOIN (SELECT * FROM (" + near + ") e "
                + "ORDER BY " + order + " LIMIT :limit OFFSET :offset) p ON p.id = e.id "
                + "ORDER BY " + order.replace("e.", "p."), filter.params, offset, limit);
    }

    /** {@code q} as PostgreSQL's {@code tsquery}: its words unaccented and stemmed, with its quotes, {@code or}, {@code -}. */
    private PGobject words(String q) {
        String words = jdbc.sql("SELECT CAST(websearch_to_tsquery('english', events.unaccent(:q)) AS text)")
                .param("q", q).query(String.class).single();
        PGobject value = new PGobject();
        value.setType("tsquery");
        try {
            value.setValue(words);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return value;
    }

    /**
     * How many match, counting at most one past the cap. A text search on times alone first tests the words of the
     * soonest candidates ({@value #PROBE_WINDOW_PER_CAP} times the cap), read in start order from the text index:
     * when more than the cap of them match (a common word), that settles it without the full-text index's bitmap
     * of every event with the word, whose cost grows with all its matches, not with the cap. Otherwise, and for
     * every other search, the matches are counted as such.
     */
    private int count(SearchFilter filter) {
        String soonest = filter.soonest();
        if (soonest != null) {
            Map<String, Object> params = new LinkedHashMap<>(filter.params);
            params.put("window", countCap * PROBE_WINDOW_PER_CAP);
            int found = jdbc.sql("SELECT count(*) FROM (SELECT 1 FROM (" + soonest + ") e WHERE e.search @@ :words "
                            + "LIMIT " + (countCap + 1) + ") matches")
                    .params(params).query(Integer.class).single();
            if (found > countCap) {
                return found;
            }
        }
        return jdbc.sql("SELECT count(*) FROM (" + filter.matches("1", true, "", "LIMIT " + (countCap + 1))
                        + ") matches")
                .params(filter.params).query(Integer.class).single();
    }

    private List<Event> page(String sql, Map<String, Object> params, int offset, int limit) {
        Map<String, Object> all = new LinkedHashMap<>(params);
        all.put("offset", offset);
        all.put("limit", limit);
        all.put("upto", offset + limit);
        return jdbc.sql(sql).params(all).query((rs, n) -> Events.event(rs)).list();
    }
}
