package dev.quintet.events.web;

import dev.quintet.events.catalog.Category;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Money;
import dev.quintet.events.catalog.Organizer;
import dev.quintet.events.catalog.Subcategory;
import dev.quintet.events.catalog.TicketAvailability;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.events.catalog.Venue;
import dev.quintet.events.search.EventSearch;
import dev.quintet.events.search.Places;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Eventbrite v3 resource shapes: events, venues, organizers, ticket classes and availability, categories. */
final class EventJson {

    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private final String base;

    /** {@code base} is the API's own URL, for {@code resource_uri}. */
    EventJson(String base) {
        this.base = base;
    }

    Map<String, Object> event(Event e) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", String.valueOf(e.id()));
        json.put("name", text(e.name(), escape(e.name())));
        json.put("description", text(e.descriptionText(), e.descriptionHtml()));
        putIf(json, "summary", e.summary());
        json.put("url", base + "/v3/events/" + e.id() + "/");
        json.put("start", time(e.startUtc(), e.timezone()));
        json.put("end", time(e.endUtc(), e.timezone()));
        json.put("created", utc(e.createdAt()));
        json.put("changed", utc(e.changedAt()));
        putIf(json, "capacity", e.capacity());
        json.put("status", e.status());
        json.put("currency", e.currency());
        json.put("online_event", e.onlineEvent());
        json.put("is_free", e.isFree());
        json.put("organizer_id", String.valueOf(e.organizerId()));
        putIf(json, "organization_id", e.organizationId() == null ? null : String.valueOf(e.organizationId()));
        putIf(json, "published", e.publishedAt() == null ? null : utc(e.publishedAt()));
        putIf(json, "venue_id", e.venueId() == null ? null : String.valueOf(e.venueId()));
        putIf(json, "category_id", e.categoryId());
        putIf(json, "subcategory_id", e.subcategoryId());
        putIf(json, "format_id", e.formatId());
        json.put("resource_uri", base + "/v3/events/" + e.id() + "/");
        return json;
    }

    Map<String, Object> venue(Venue v) {
        Map<String, Object> address = new LinkedHashMap<>();
        putIf(address, "address_1", v.address1());
        address.put("city", v.city());
        putIf(address, "region", v.region());
        putIf(address, "postal_code", v.postalCode());
        address.put("country", v.country());
        address.put("latitude", String.valueOf(v.latitude()));
        address.put("longitude", String.valueOf(v.longitude()));
        address.put("localized_address_display", String.join(", ", List.of(
                v.address1() == null ? "" : v.address1(), v.city(), v.country())).replaceFirst("^, ", ""));
        address.put("localized_area_display", v.region() == null ? v.city() : v.city() + ", " + v.region());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", String.valueOf(v.id()));
        json.put("name", v.name());
        putIf(json, "capacity", v.capacity());
        json.put("latitude", String.valueOf(v.latitude()));
        json.put("longitude", String.valueOf(v.longitude()));
        putIf(json, "timezone", v.timezone());
        json.put("address", address);
        json.put("resource_uri", base + "/v3/venues/" + v.id() + "/");
        return json;
    }

    Map<String, Object> organizer(Organizer o) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", String.valueOf(o.id()));
        json.put("name", o.name());
        json.put("description", text(o.description(), "<p>" + escape(o.description()) + "</p>"));
        putIf(json, "website", o.website());
        json.put("resource_uri", base + "/v3/organizers/" + o.id() + "/");
        return json;
    }

    Map<String, Object> ticketClass(TicketClass t) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", String.valueOf(t.id()));
        json.put("event_id", String.valueOf(t.eventId()));
        json.put("name", t.name());
        json.put("free", t.free());
        if (!t.free()) {
            json.put("cost", money(t.costMinor(), t.currency()));
        }
        json.put("capacity", t.quantityTotal());
        json.put("quantity_total", t.quantityTotal());
        json.put("quantity_sold", t.quantitySold());
        json.put("on_sale_status", t.soldOut() ? "SOLD_OUT" : "AVAILABLE");
        putIf(json, "sales_start", t.salesStart() == null ? null : utc(t.salesStart()));
        putIf(json, "sales_end", t.salesEnd() == null ? null : utc(t.salesEnd()));
        return json;
    }

    /** {@code zone} is the event's, for {@code start_sales_date}. We keep no waitlists, so none is ever available. */
    Map<String, Object> ticketAvailability(TicketAvailability a, String zone) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("has_available_tickets", a.hasAvailableTickets());
        putIf(json, "minimum_ticket_price", a.minimumMinor() == null ? null : money(a.minimumMinor(), a.currency()));
        putIf(json, "maximum_ticket_price", a.maximumMinor() == null ? null : money(a.maximumMinor(), a.currency()));
        json.put("is_free", a.isFree());
        json.put("is_sold_out", a.isSoldOut());
        putIf(json, "start_sales_date", a.startSales() == null ? null : time(a.startSales(), zone));
        json.put("waitlist_available", false);
        return json;
    }

    Map<String, Object> category(Category c, String kind) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("resource_uri", base + "/v3/" + kind + "/" + c.id() + "/");
        json.put("id", c.id());
        json.put("name", c.name());
        json.put("name_localized", c.name());
        json.put("short_name", c.shortName());
        json.put("short_name_localized", c.shortName());
        return json;
    }

    Map<String, Object> subcategory(Subcategory s) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("resource_uri", base + "/v3/subcategories/" + s.id() + "/");
        json.put("id", s.id());
        json.put("name", s.name());
        json.put("name_localized", s.name());
        json.put("parent_category", category(s.parent(), "categories"));
        return json;
    }

    static Map<String, Object> pagination(int objectCount, int page, int pageSize) {
        return pagination(objectCount, null, page, pageSize, null, false);
    }

    /**
     * A search's pagination: its count may be capped, and then {@code object_count_exact} is false and there are
     * more items than it says, past its last page too; {@code continuation} leads to the next page while there is one.
     */
    static Map<String, Object> pagination(EventSearch.Results results, int page, int pageSize) {
        return pagination(results.objectCount(), !results.capped(), page, pageSize,
                results.next() == null ? null : results.next().encode(), results.hasMoreItems());
    }

    private static Map<String, Object> pagination(int objectCount, Boolean exact, int page, int pageSize,
                                                  String continuation, boolean more) {
        int pageCount = objectCount == 0 ? 0 : (objectCount + pageSize - 1) / pageSize;
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("object_count", objectCount);
        putIf(json, "object_count_exact", exact);
        json.put("page_number", page);
        json.put("page_size", pageSize);
        json.put("page_count", pageCount);
        putIf(json, "continuation", continuation);
        json.put("has_more_items", more || page < pageCount);
        return json;
    }

    /** Where a search by {@code location.address} looked, as Eventbrite's search answered it. */
    static Map<String, Object> location(String address, Places.Place place, double withinMeters) {
        Map<String, Object> augmented = new LinkedHashMap<>();
        augmented.put("city", place.city());
        putIf(augmented, "region", place.region());
        augmented.put("country", place.countryName());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("address", address);
        json.put("latitude", String.valueOf(place.latitude()));
        json.put("longitude", String.valueOf(place.longitude()));
        json.put("within", BigDecimal.valueOf(withinMeters / 1000).stripTrailingZeros().toPlainString() + "km");
        json.put("augmented_location", augmented);
        return json;
    }

    /** Eventbrite's currency object: an amount in minor units, in major units, and for display. */
    private static Map<String, Object> money(long minor, String currency) {
        String major = Money.major(minor, currency).toPlainString();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("currency", currency);
        json.put("value", minor);
        json.put("major_value", major);
        json.put("display", major + " " + currency);
        return json;
    }

    private static Map<String, Object> time(Instant instant, String zone) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("timezone", zone);
        json.put("local", LOCAL.format(instant.atZone(ZoneId.of(zone))));
        json.put("utc", utc(instant));
        return json;
    }

    private static String utc(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static Map<String, Object> text(String text, String html) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("text", text);
        json.put("html", html);
        return json;
    }

    private static void putIf(Map<String, Object> json, String key, Object value) {
        if (value != null) {
            json.put(key, value);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
