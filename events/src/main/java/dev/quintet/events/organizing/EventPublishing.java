package dev.quintet.events.organizing;

import dev.quintet.events.catalog.Categories;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Organizer;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.TicketClass;
import dev.quintet.events.catalog.Venue;
import dev.quintet.platform.errors.ApiException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * What an organization does to its own events: drafts, edits, publishing (checked), unpublishing, cancelling,
 * deleting drafts, venues and ticket classes. Another organization's draft is answered as not found; its
 * published events, which anyone can read, as not authorized.
 */
public final class EventPublishing {

    private final Events events;
    private final Categories categories;
    private final Clock clock;

    public EventPublishing(Events events, Categories categories, Clock clock) {
        this.events = events;
        this.categories = categories;
        this.clock = clock;
    }

    /** An event the caller may read: any published one, and the drafts of its own organization. */
    public Optional<Event> readable(String id, Supplier<Organization> caller) {
        return parseId(id).flatMap(events::find)
                .filter(e -> !e.status().equals("draft") || isOwner(e, caller.get()));
    }

    /**
     * A venue as any reader may see it: one where a published event takes place, or one of the caller's own
     * organization (a venue only drafts use may announce an event before its organiser does).
     */
    public Optional<Venue> readableVenue(String id, Supplier<Organization> caller) {
        return parseId(id).flatMap(v -> events.venues(List.of(v)).stream().findFirst())
                .filter(v -> events.venueInUse(v.id()) || events.ownsVenue(caller.get().id(), v.id()));
    }

    /** Organizers are public profiles, as on Eventbrite. */
    public Optional<Organizer> organizer(String id) {
        return parseId(id).flatMap(o -> events.organizers(List.of(o)).stream().findFirst());
    }

    public Event create(Organization org, JsonNode body) {
        ArgumentErrors errors = new ArgumentErrors();
        EventInput in = EventInput.parse(body, errors);
        if (in != null) {
            in.requireForCreate(errors);
        }
        errors.throwIfAny("the event cannot be created: ");
        Event draft = Event.of(org.defaultOrganizerId(), null, in.name(), "", "", null, in.timezone(), in.start(),
                in.end(), "draft", false, true, null, in.currency(), null, null);
        in.checkEndZone(in.timezone(), errors);
        Event merged = checked(org, merge(draft, in), errors);
        long id = events.addEvent(new Event(0, merged.organizerId(), merged.venueId(), merged.name(),
                merged.descriptionHtml(), merged.descriptionText(), merged.summary(), merged.timezone(), merged.startUtc(),
                merged.endUtc(), "draft", merged.onlineEvent(), true, merged.capacity(), merged.currency(),
                merged.categoryId(), merged.subcategoryId(), merged.formatId(), null, null, org.id(), null, 0), List.of());
        return events.find(id).orElseThrow();
    }

    public Event update(Organization org, String id, JsonNode body) {
        Event current = owned(org, id);
        ArgumentErrors errors = new ArgumentErrors();
        EventInput in = EventInput.parse(body, errors);
        errors.throwIfAny("the event cannot be changed: ");
        Event merged = merge(current, in);
        in.checkEndZone(merged.timezone(), errors);
        checked(org, merged, errors);
        if (!current.status().equals("draft") && !merged.onlineEvent() && merged.venueId() == null) {
            errors.add("event.venue_id", "a published event must keep a venue or be online");
        }
        errors.throwIfAny("the event cannot be changed: ");
        if (!events.replace(merged, org.id())) {
            throw conflict(id, "changed");
        }
        return events.find(current.id()).orElseThrow();
    }

    /** Publishes a draft that has a venue or is online, at least one ticket class, a future start and an end after it. */
    public void publish(Organization org, String id) {
        Event e = owned(org, id);
        if (!e.status().equals("draft")) {
            throw conflict(id, "published");
        }
        ArgumentErrors errors = new ArgumentErrors();
        if (!e.onlineEvent() && e.venueId() == null) {
            errors.add("event.venue_id", "an event needs a venue_id, or online_event true");
        }
        if (events.ticketClasses(List.of(e.id())).isEmpty()) {
            errors.add("ticket_classes", "an event needs at least one ticket class");
        }
        if (!e.startUtc().isAfter(clock.instant())) {
            errors.add("event.start.utc", "must be in the future, got " + e.startUtc());
        }
        if (!e.endUtc().isAfter(e.startUtc())) {
            errors.add("event.end.utc", "must be after event.start.utc");
        }
        errors.throwIfAny("the event cannot be published: ");
        transition(org, e, List.of("draft"), "live", "published");
    }

    /** Takes a live event (not yet started) back to draft. */
    public void unpublish(Organization org, String id) {
        transition(org, owned(org, id), List.of("live"), "draft", "unpublished");
    }

    /** Cancels a live or started event; it stays readable with status {@code canceled}. */
    public void cancel(Organization org, String id) {
        transition(org, owned(org, id), List.of("live", "started"), "canceled", "canceled");
    }

    public void delete(Organization org, String id) {
        Event e = owned(org, id);
        if (!events.deleteDraft(e.id(), org.id())) {
            throw conflict(id, "deleted (only drafts can be; cancel a published event instead)");
        }
    }

    public Venue addVenue(Organization org, JsonNode body) {
        Venue venue = VenueInput.parse(body, "created");
        long id = events.addVenue(venue, org.id());
        return events.venues(List.of(id)).getFirst();
    }

    /**
     * Replaces a venue of {@code org} with the one sent; published events there get a new revision (their calendar
     * entries change). Another organization's venue answers 403 when readers may see it, else 404.
     */
    public Venue updateVenue(Organization org, String id, JsonNode body) {
        long venueId = parseId(id).filter(v -> !events.venues(List.of(v)).isEmpty())
                .orElseThrow(() -> new ApiException(404, "not_found", "no venue with id '" + id + "'"));
        if (!events.ownsVenue(org.id(), venueId)) {
            if (!events.venueInUse(venueId)) {
                throw new ApiException(404, "not_found", "no venue with id '" + id + "'");
            }
            throw new ApiException(403, "not_authorized", "venue " + id + " belongs to another organization; "
                    + "only its own organization may change it");
        }
        events.replaceVenue(venueId, VenueInput.parse(body, "changed"));
        return events.venues(List.of(venueId)).getFirst();
    }

    public TicketClass addTicketClass(Organization org, String eventId, JsonNode body) {
        Event e = ticketsChangeable(org, eventId, "given ticket classes");
        long id = events.addTicketClass(TicketClassInput.parse(body, e, "created"));
        return ticketClass(e, id).orElseThrow();
    }

    /**
     * Replaces a ticket class with the one {@code body} describes; the tickets sold stay, so the quantity may not
     * drop below them.
     */
    public TicketClass updateTicketClass(Organization org, String eventId, String ticketClassId, JsonNode body) {
        Event e = ticketsChangeable(org, eventId, "changed");
        TicketClass current = existingTicketClass(e, events.ticketClasses(List.of(e.id())), ticketClassId);
        TicketClass asked = TicketClassInput.parse(body, e, "changed");
        if (asked.quantityTotal() < current.quantitySold()) {
            ArgumentErrors errors = new ArgumentErrors();
            errors.add("ticket_class.quantity_total", "must be at least the " + current.quantitySold() + " tickets sold");
            errors.throwIfAny("the ticket class cannot be changed: ");
        }
        events.replaceTicketClass(new TicketClass(current.id(), e.id(), asked.name(), asked.free(), asked.costMinor(),
                asked.currency(), asked.quantityTotal(), current.quantitySold(), asked.salesStart(), asked.salesEnd()));
        return ticketClass(e, current.id()).orElseThrow();
    }

    /** Deletes a ticket class no ticket was sold from; a published event keeps at least one. */
    public void deleteTicketClass(Organization org, String eventId, String ticketClassId) {
        Event e = ticketsChangeable(org, eventId, "changed");
        List<TicketClass> all = events.ticketClasses(List.of(e.id()));
        TicketClass current = existingTicketClass(e, all, ticketClassId);
        if (current.quantitySold() > 0) {
            throw new ApiException(409, "request_conflict", "ticket class " + ticketClassId + " has "
                    + current.quantitySold() + " tickets sold and cannot be deleted; set its sales_end to stop sales");
        }
        if (!e.status().equals("draft") && all.size() == 1) {
            throw new ApiException(409, "request_conflict", "ticket class " + ticketClassId
                    + " is the last of a published event, which needs one; add another first");
        }
        events.deleteTicketClass(e.id(), current.id());
    }

    private Event ticketsChangeable(Organization org, String eventId, String verb) {
        Event e = owned(org, eventId);
        if (List.of("canceled", "ended", "completed").contains(e.status())) {
            throw conflict(eventId, verb);
        }
        return e;
    }

    /** The ticket class {@code ticketClassId} among the event's {@code all}, else 404. */
    private static TicketClass existingTicketClass(Event e, List<TicketClass> all, String ticketClassId) {
        return parseId(ticketClassId).flatMap(id -> all.stream().filter(t -> t.id() == id).findFirst())
                .orElseThrow(() -> new ApiException(404, "not_found", "event " + e.id()
                        + " has no ticket class with id '" + ticketClassId + "'"));
    }

    private Optional<TicketClass> ticketClass(Event e, long id) {
        return events.ticketClasses(List.of(e.id())).stream().filter(t -> t.id() == id).findFirst();
    }

    /** The event {@code id} if {@code org} owns it; else 404 (drafts, unknown ids) or 403 (others' published events). */
    public Event owned(Organization org, String id) {
        Event e = parseId(id).flatMap(events::find).orElseThrow(() -> notFound(id));
        if (!isOwner(e, org)) {
            if (e.status().equals("draft")) {
                throw notFound(id);
            }
            throw new ApiException(403, "not_authorized", "event " + id + " belongs to another organization; "
                    + "only its own organization may change it");
        }
        return e;
    }

    private void transition(Organization org, Event e, List<String> from, String to, String verb) {
        if (!events.transition(e.id(), org.id(), from, to)) {
            throw conflict(String.valueOf(e.id()), verb);
        }
    }

    private ApiException conflict(String id, String verb) {
        String status = parseId(id).flatMap(events::find).map(Event::status).orElse("deleted");
        return new ApiException(409, "request_conflict", "event " + id + " is " + status + ", so it cannot be " + verb);
    }

    private static Event merge(Event base, EventInput in) {
        boolean online = in.onlineEvent() != null ? in.onlineEvent() : base.onlineEvent() && !(in.venueId() != null);
        Long venue = in.gives("venue_id") ? in.venueId() : online ? null : base.venueId();
        return new Event(base.id(), in.organizerId() != null ? in.organizerId() : base.organizerId(), venue,
                in.name() != null ? in.name() : base.name(),
                in.description() != null ? in.description().html() : base.descriptionHtml(),
                in.description() != null ? in.description().text() : base.descriptionText(),
                in.gives("summary") ? in.summary() : base.summary(),
                in.timezone() != null ? in.timezone() : base.timezone(),
                in.start() != null ? in.start() : base.startUtc(), in.end() != null ? in.end() : base.endUtc(),
                base.status(), online, base.isFree(), in.gives("capacity") ? in.capacity() : base.capacity(),
                in.currency() != null ? in.currency() : base.currency(),
                in.gives("category_id") ? in.categoryId() : base.categoryId(),
                in.gives("subcategory_id") ? in.subcategoryId() : base.subcategoryId(),
                in.gives("format_id") ? in.formatId() : base.formatId(), base.createdAt(), base.changedAt(),
                base.organizationId(), base.publishedAt(), base.revision());
    }

    /** Checks what needs the database or several fields: venue, organizer, category, format, times. */
    private Event checked(Organization org, Event e, ArgumentErrors errors) {
        if (e.onlineEvent() && e.venueId() != null) {
            throw new ApiException(400, "venue_and_online", "an event is either online_event true or has a venue_id, not both",
                    "event.venue_id");
        }
        if (e.venueId() != null && !events.ownsVenue(org.id(), e.venueId())) {
            errors.add("event.venue_id", "no venue " + e.venueId() + " in your organization");
        }
        if (!events.ownsOrganizer(org.id(), e.organizerId())) {
            errors.add("event.organizer_id", "no organizer " + e.organizerId() + " in your organization");
        }
        if (e.categoryId() != null && categories.category(e.categoryId()).isEmpty()) {
            errors.add("event.category_id", "no category " + e.categoryId() + " (see GET /v3/categories/)");
        }
        if (e.subcategoryId() != null) {
            categories.subcategory(e.subcategoryId()).ifPresentOrElse(sub -> {
                if (!sub.parent().id().equals(e.categoryId())) {
                    errors.add("event.subcategory_id", "subcategory " + sub.id() + " belongs to category "
                            + sub.parent().id() + ", not to the event's category_id " + e.categoryId());
                }
            }, () -> errors.add("event.subcategory_id", "no subcategory " + e.subcategoryId() + " (see GET /v3/subcategories/)"));
        }
        if (e.formatId() != null && categories.format(e.formatId()).isEmpty()) {
            errors.add("event.format_id", "no format " + e.formatId() + " (see GET /v3/formats/)");
        }
        if (!e.endUtc().isAfter(e.startUtc())) {
            errors.add("event.end.utc", "must be after event.start.utc");
        }
        errors.throwIfAny("the event cannot be saved: ");
        return e;
    }

    private static boolean isOwner(Event e, Organization org) {
        return e.organizationId() != null && e.organizationId() == org.id();
    }

    private static Optional<Long> parseId(String id) {
        try {
            return Optional.of(Long.parseLong(id));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static ApiException notFound(String id) {
        return new ApiException(404, "not_found", "no event with id '" + id + "'");
    }
}
