package dev.quintet.events.web;

import dev.quintet.events.catalog.Categories;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.EventDetails;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketAvailability;
import dev.quintet.events.export.SchemaOrgEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Events in Eventbrite's shape with the expansions asked for, {@code json_ld} (schema.org) among them;
 * {@code ticket_availability} is as of the injected clock's now.
 */
@Component
final class EventViews {

    private final Events events;
    private final Categories categories;
    private final Clock clock;

    EventViews(Events events, Categories categories, Clock clock) {
        this.events = events;
        this.categories = categories;
        this.clock = clock;
    }

    /** The API's own base URL, from the request being served. */
    static String base() {
        return ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString();
    }

    Map<String, Object> render(Event event, Set<String> expand) {
        return render(List.of(event), expand).getFirst();
    }

    List<Map<String, Object>> render(List<Event> found, Set<String> expand) {
        EventJson json = new EventJson(base());
        Instant now = clock.instant();
        return events.details(found).stream().map(d -> {
            Map<String, Object> body = json.event(d.event());
            if (expand.contains("venue") && d.venue() != null) {
                body.put("venue", json.venue(d.venue()));
            }
            if (expand.contains("organizer") && d.organizer() != null) {
                body.put("organizer", json.organizer(d.organizer()));
            }
            if (expand.contains("category") && d.event().categoryId() != null) {
                categories.category(d.event().categoryId()).ifPresent(c -> body.put("category", json.category(c, "categories")));
            }
            if (expand.contains("subcategory") && d.event().subcategoryId() != null) {
                categories.subcategory(d.event().subcategoryId()).ifPresent(s -> body.put("subcategory", json.subcategory(s)));
            }
            if (expand.contains("format") && d.event().formatId() != null) {
                categories.format(d.event().formatId()).ifPresent(c -> body.put("format", json.category(c, "formats")));
            }
            if (expand.contains("ticket_classes")) {
                body.put("ticket_classes", d.ticketClasses().stream().map(json::ticketClass).toList());
            }
            if (expand.contains("ticket_availability")) {
                body.put("ticket_availability", json.ticketAvailability(
                        TicketAvailability.of(d.event(), d.ticketClasses(), now), d.event().timezone()));
            }
            if (expand.contains("json_ld")) {
                body.put("json_ld", SchemaOrgEvent.of(d, (String) body.get("url")));
            }
            return body;
        }).toList();
    }

    List<EventDetails> details(List<Event> found) {
        return events.details(found);
    }

    EventJson json() {
        return new EventJson(base());
    }
}
