package dev.quintet.events.export;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Money;
import dev.quintet.events.catalog.EventDetails;
import dev.quintet.events.catalog.Organizer;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.events.catalog.Venue;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An event as a schema.org {@code Event} (JSON-LD), as Google's event rich results read it: start and end with
 * the offset of the event's zone at that moment, a {@code Place} with its address and coordinates or a
 * {@code VirtualLocation}, one {@code Offer} per ticket class, the organizer, {@code eventStatus} and
 * {@code eventAttendanceMode}.
 */
public final class SchemaOrgEvent {

    private static final DateTimeFormatter OFFSET_TIME = DateTimeFormatter.ISO_OFFSET_DATE_TIME;

    private SchemaOrgEvent() {
    }

    /** The JSON-LD object; {@code url} is the event's page. */
    public static Map<String, Object> of(EventDetails d, String url) {
        Event e = d.event();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("@context", "https://schema.org");
        json.put("@type", "Event");
        json.put("name", e.name());
        if (!e.descriptionText().isBlank()) {
            json.put("description", e.descriptionText());
        }
        json.put("url", url);
        json.put("startDate", time(e.startUtc(), e.timezone()));
        json.put("endDate", time(e.endUtc(), e.timezone()));
        json.put("eventStatus", "https://schema.org/" + (e.status().equals("canceled") ? "EventCancelled" : "EventScheduled"));
        json.put("eventAttendanceMode", "https://schema.org/"
                + (e.onlineEvent() ? "OnlineEventAttendanceMode" : "OfflineEventAttendanceMode"));
        json.put("location", d.venue() == null ? virtual(url) : place(d.venue()));
        json.put("isAccessibleForFree", e.isFree());
        if (!d.ticketClasses().isEmpty()) {
            json.put("offers", d.ticketClasses().stream().map(t -> offer(t, url, e)).toList());
        }
        if (d.organizer() != null) {
            json.put("organizer", organizer(d.organizer()));
        }
        return json;
    }

    private static String time(Instant instant, String zone) {
        return OFFSET_TIME.format(instant.truncatedTo(ChronoUnit.SECONDS).atZone(ZoneId.of(zone)).toOffsetDateTime());
    }

    private static Map<String, Object> virtual(String url) {
        return Map.of("@type", "VirtualLocation", "url", url);
    }

    private static Map<String, Object> place(Venue v) {
        Map<String, Object> address = new LinkedHashMap<>();
        address.put("@type", "PostalAddress");
        putIf(address, "streetAddress", v.address1());
        address.put("addressLocality", v.city());
        putIf(address, "addressRegion", v.region());
        putIf(address, "postalCode", v.postalCode());
        address.put("addressCountry", v.country());
        Map<String, Object> place = new LinkedHashMap<>();
        place.put("@type", "Place");
        place.put("name", v.name());
        place.put("address", address);
        place.put("geo", Map.of("@type", "GeoCoordinates", "latitude", v.latitude(), "longitude", v.longitude()));
        return place;
    }

    private static Map<String, Object> offer(TicketClass t, String url, Event e) {
        Map<String, Object> offer = new LinkedHashMap<>();
        offer.put("@type", "Offer");
        offer.put("name", t.name());
        offer.put("price", t.free() ? "0" : Money.major(t.costMinor(), t.currency()).toPlainString());
        offer.put("priceCurrency", t.currency());
        offer.put("availability", "https://schema.org/" + (t.soldOut() ? "SoldOut" : "InStock"));
        offer.put("url", url);
        Instant from = t.salesOpen(e);
        if (from != null) {
            offer.put("validFrom", from.truncatedTo(ChronoUnit.SECONDS).toString());
        }
        return offer;
    }

    private static Map<String, Object> organizer(Organizer o) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("@type", "Organization");
        json.put("name", o.name());
        putIf(json, "url", o.website());
        return json;
    }

    private static void putIf(Map<String, Object> json, String key, Object value) {
        if (value != null) {
            json.put(key, value);
        }
    }
}
