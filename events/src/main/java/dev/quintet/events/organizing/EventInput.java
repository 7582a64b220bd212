package dev.quintet.events.organizing;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Currency;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The {@code event} object of a create or update body, in Eventbrite's fields, each checked on its own. A field
 * left out keeps its value on update; {@code venue_id}, {@code category_id}, {@code subcategory_id}, {@code format_id}, {@code capacity}
 * and {@code summary} sent as {@code null} are cleared.
 */
record EventInput(String name, Html.Sanitized description, String summary, String timezone, String endTimezone, Instant start,
                  Instant end, String currency, Boolean onlineEvent, Long venueId, String categoryId, String subcategoryId, String formatId,
                  Integer capacity, Long organizerId, Set<String> given) {

    static final Set<String> FIELDS = Set.of("name", "description", "summary", "start", "end", "currency",
            "online_event", "venue_id", "category_id", "subcategory_id", "format_id", "capacity", "organizer_id");
    static final Set<String> CLEARABLE = Set.of("venue_id", "category_id", "subcategory_id", "format_id", "capacity",
            "summary");
    private static final Set<String> TIME = Set.of("timezone", "utc", "local");

    static EventInput parse(JsonNode body, ArgumentErrors errors) {
        Fields event = Fields.body(body, "event", FIELDS, errors);
        if (event == null) {
            return null;
        }
        Set<String> given = new HashSet<>();
        FIELDS.stream().filter(event::has).forEach(given::add);
        Fields name = event.object("name", Set.of("html", "text"));
        String nameText = name == null ? null : name.text("html", 10_000);
        if (nameText != null) {
            nameText = Html.text(nameText);
            if (nameText.isBlank() || nameText.length() > 200) {
                name.refuse("html", "must hold 1 to 200 characters of text, got " + nameText.length());
                nameText = null;
            }
        }
        Fields description = event.object("description", Set.of("html", "text"));
        String html = description == null ? null : description.text("html", 200_000);
        String summary = event.text("summary", 140);
        Fields start = event.object("start", TIME);
        Fields end = event.object("end", TIME);
        String zone = zone(start);
        String endZone = end == null ? null : end.text("timezone", 64);
        String currency = currency(event);
        Long capacity = event.whole("capacity", 1, 1_000_000);
        String category = id(event, "category_id");
        String subcategory = id(event, "subcategory_id");
        String format = id(event, "format_id");
        return new EventInput(nameText, html == null ? null : Html.sanitize(html), summary, zone, endZone,
                start == null ? null : start.instant("utc"), end == null ? null : end.instant("utc"), currency,
                event.bool("online_event"), event.whole("venue_id", 1, Long.MAX_VALUE), category, subcategory, format,
                capacity == null ? null : capacity.intValue(), event.whole("organizer_id", 1, Long.MAX_VALUE), given);
    }

    /** On create: what Eventbrite requires. */
    void requireForCreate(ArgumentErrors errors) {
        if (name == null && !errors.has("event.name.html") && !errors.has("event.name")) {
            errors.add("event.name.html", "is required");
        }
        if (start == null && !errors.has("event.start.utc") && !errors.has("event.start")) {
            errors.add("event.start.utc", "is required");
        }
        if (end == null && !errors.has("event.end.utc") && !errors.has("event.end")) {
            errors.add("event.end.utc", "is required");
        }
        if (timezone == null && !errors.has("event.start.timezone") && !errors.has("event.start")) {
            errors.add("event.start.timezone", "is required");
        }
        if (currency == null && !errors.has("event.currency")) {
            errors.add("event.currency", "is required");
        }
    }

    boolean gives(String field) {
        return given.contains(field);
    }

    /** An {@code end.timezone} sent must be the event's zone: an event has one. */
    void checkEndZone(String eventZone, ArgumentErrors errors) {
        if (endTimezone != null && eventZone != null && !endTimezone.equals(eventZone)) {
            errors.add("event.end.timezone", "must equal the event's time zone " + eventZone
                    + " (an event has one), got '" + endTimezone + "'");
        }
    }

    private static String zone(Fields start) {
        String zone = start == null ? null : start.text("timezone", 64);
        if (zone != null && !ZoneId.getAvailableZoneIds().contains(zone)) {
            start.refuse("timezone", "must be an IANA time zone such as Europe/London, got '" + zone + "'");
            return null;
        }
        return zone;
    }

    private static String currency(Fields event) {
        String code = event.text("currency", 3);
        if (code == null) {
            return null;
        }
        try {
            if (code.equals(code.toUpperCase(java.util.Locale.ROOT))) {
                return Currency.getInstance(code).getCurrencyCode();
            }
        } catch (IllegalArgumentException e) {
            // refused below
        }
        event.refuse("currency", "must be an ISO 4217 code such as USD, got '" + code + "'");
        return null;
    }

    private static String id(Fields event, String field) {
        Long id = event.whole(field, 1, 999_999);
        return id == null ? null : String.valueOf(id);
    }
}
