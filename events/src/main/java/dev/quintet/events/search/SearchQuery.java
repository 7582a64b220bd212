package dev.quintet.events.search;

import dev.quintet.platform.errors.ApiException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A search as asked: every parameter checked, unknown ones refused (a filter silently ignored is worse than an
 * error). A range bound is either UTC (ending in {@code Z}) or local to each event's own time zone.
 */
public record SearchQuery(String q, String address, Double latitude, Double longitude, Double withinMeters,
                          Bound rangeStart, Bound rangeEnd, String keyword, List<String> categories,
                          List<String> subcategories, List<String> formats, Boolean free, boolean onlineOnly,
                          Boolean includeOnline, Long organizerId, List<String> statuses, String sortBy,
                          int page, int pageSize, Set<String> expand, long fingerprint, Continuation continuation) {

    /** A time bound: {@code utc} when given with {@code Z}, else {@code local} wall-clock time in the event's zone. */
    public record Bound(Instant utc, LocalDateTime local) {
    }

    static final Set<String> KEYWORDS = Set.of("today", "tomorrow", "this_week", "this_weekend", "next_week", "this_month");
    static final Set<String> EXPANSIONS = Set.of("venue", "organizer", "category", "subcategory", "format", "ticket_classes",
            "ticket_availability", "json_ld");
    /** What a search finds unless {@code status} says otherwise. */
    public static final List<String> DEFAULT_STATUSES = List.of("live", "started");
    private static final List<String> PUBLISHED_STATUSES = List.of("live", "started", "ended", "completed", "canceled");
    private static final Set<String> PARAMETERS = Set.of("q", "location.address", "location.latitude",
            "location.longitude", "location.within", "start_date.range_start", "start_date.range_end",
            "start_date.keyword", "categories", "subcategories", "formats", "price", "online_events_only",
            "include_online", "organizer.id", "status", "sort_by", "page", "page_size", "continuation", "expand");
    private static final Pattern WITHIN = Pattern.compile("(\\d+(?:\\.\\d+)?)(km|mi)");
    private static final double METERS_PER_MILE = 1609.344;

    public static SearchQuery parse(Map<String, String[]> parameters) {
        for (String name : parameters.keySet()) {
            if (!PARAMETERS.contains(name)) {
                throw error(name, name + " is not a search parameter; known: " + String.join(", ", PARAMETERS.stream().sorted().toList()));
            }
        }
        QueryParameters p = new QueryParameters(parameters);
        Double lat = p.decimal("location.latitude", -90, 90);
        Double lon = p.decimal("location.longitude", -180, 180);
        if ((lat == null) != (lon == null)) {
            throw error(lat == null ? "location.latitude" : "location.longitude",
                    "location.latitude and location.longitude must be given together");
        }
        String address = p.text("location.address");
        if (address != null && lat != null) {
            throw error("location.address", "give location.address or location.latitude and location.longitude, not both");
        }
        if (address != null && address.length() > 200) {
            throw error("location.address", "location.address must be at most 200 characters");
        }
        String within = p.text("location.within");
        boolean place = lat != null || address != null;
        if (within != null && !place) {
            throw error("location.within", "location.within needs location.address, or location.latitude and location.longitude");
        }
        Double meters = !place ? null : within == null ? 25_000.0 : meters(within);
        String keyword = p.text("start_date.keyword");
        if (keyword != null && !KEYWORDS.contains(keyword)) {
            throw error("start_date.keyword", "start_date.keyword must be one of " + String.join(", ", KEYWORDS.stream().sorted().toList())
                    + ", got '" + keyword + "'");
        }
        String price = p.text("price");
        if (price != null && !price.equals("free") && !price.equals("paid")) {
            throw error("price", "price must be free or paid, got '" + price + "'");
        }
        String sort = p.text("sort_by") == null ? "date" : p.text("sort_by");
        if (!Set.of("date", "distance", "best").contains(sort)) {
            throw error("sort_by", "sort_by must be date, distance or best, got '" + sort + "'");
        }
        if (sort.equals("distance") && !place) {
            throw error("sort_by", "sort_by=distance needs location.address, or location.latitude and location.longitude");
        }
        boolean onlineOnly = p.bool("online_events_only");
        Boolean includeOnline = p.text("include_online") == null ? null : p.bool("include_online");
        if (onlineOnly && Boolean.FALSE.equals(includeOnline)) {
            throw error("include_online", "include_online=false contradicts online_events_only=true");
        }
        Set<String> expand = p.expand();
        Long organizer = p.whole("organizer.id", 1, Long.MAX_VALUE);
        List<String> statuses = statuses(p.list("status"));
        Long page = p.whole("page", 1, 10_000);
        Long pageSize = p.whole("page_size", 1, 100);
        String token = p.text("continuation");
        if (token != null && page != null) {
            throw error("continuation", "give page or continuation, not both");
        }
        Continuation continuation = token == null ? null : Continuation.decode(token, parameters);
        return new SearchQuery(p.text("q"), address, lat, lon, meters, bound(p, "start_date.range_start"),
                bound(p, "start_date.range_end"), keyword, p.list("categories"), p.list("subcategories"),
                p.list("formats"), price == null ? null : price.equals("free"), onlineOnly, includeOnline, organizer,
                statuses, sort, continuation != null ? continuation.page() : page == null ? 1 : page.intValue(),
                pageSize == null ? 50 : pageSize.intValue(), expand, Continuation.fingerprint(parameters), continuation);
    }

    /** The same search around a point, once {@link #address} is known to mean it. */
    SearchQuery at(double lat, double lon) {
        return new SearchQuery(q, address, lat, lon, withinMeters, rangeStart, rangeEnd, keyword, categories,
                subcategories, formats, free, onlineOnly, includeOnline, organizerId, statuses, sortBy, page, pageSize,
                expand, fingerprint, continuation);
    }

    /** True when results come in date order, so a page can start after the last event of the one before. */
    boolean dateOrdered() {
        return sortBy.equals("date") || sortBy.equals("best") && q == null;
    }

    private static List<String> statuses(List<String> asked) {
        if (asked.isEmpty()) {
            return DEFAULT_STATUSES;
        }
        if (asked.equals(List.of("all"))) {
            return PUBLISHED_STATUSES;
        }
        asked.stream().filter(s -> !PUBLISHED_STATUSES.contains(s)).findFirst().ifPresent(s -> {
            throw error("status", "status takes all or any of " + String.join(",", PUBLISHED_STATUSES) + ", got '" + s + "'");
        });
        return asked;
    }

    private static double meters(String within) {
        Matcher m = WITHIN.matcher(within.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw error("location.within", "location.within must be a distance in km or mi such as 10km or 5mi, got '" + within + "'");
        }
        double value = Double.parseDouble(m.group(1));
        double meters = m.group(2).equals("km") ? value * 1000 : value * METERS_PER_MILE;
        if (meters <= 0 || meters > 20_000_000) {
            throw error("location.within", "location.within must be more than 0 and at most 20000km, got '" + within + "'");
        }
        return meters;
    }

    private static Bound bound(QueryParameters p, String name) {
        String value = p.text(name);
        if (value == null) {
            return null;
        }
        try {
            return value.endsWith("Z") ? new Bound(Instant.parse(value), null) : new Bound(null, LocalDateTime.parse(value));
        } catch (DateTimeParseException e) {
            throw error(name, name + " must be YYYY-MM-DDThh:mm:ss (the event's local time) or with Z (UTC), got '" + value + "'");
        }
    }

    static ApiException error(String param, String rule) {
        return new ApiException(400, "arguments_error", rule, param);
    }
}
