package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.organizing.EventPublishing;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * What events refer to, read on their own, scope {@code events:read}: {@code GET /v3/venues/{id}/},
 * {@code GET /v3/organizers/{id}/} and {@code GET /v3/events/{id}/ticket_classes/}. What a caller may not see
 * answers 404, as an unknown id does.
 */
@RestController
final class DirectoryController {

    private final EventPublishing publishing;
    private final Events events;
    private final EventViews views;
    private final CallerOrganizations organizations;

    DirectoryController(EventPublishing publishing, Events events, EventViews views, CallerOrganizations organizations) {
        this.publishing = publishing;
        this.events = events;
        this.views = views;
        this.organizations = organizations;
    }

    @GetMapping("/v3/venues/{id}/")
    Map<String, Object> venue(@PathVariable String id, HttpServletRequest request) {
        Caller caller = Caller.of(request).require("events:read");
        return views.json().venue(publishing.readableVenue(id, () -> organizations.of(caller))
                .orElseThrow(() -> notFound("venue", id)));
    }

    @GetMapping("/v3/organizers/{id}/")
    Map<String, Object> organizer(@PathVariable String id, HttpServletRequest request) {
        Caller.of(request).require("events:read");
        return views.json().organizer(publishing.organizer(id).orElseThrow(() -> notFound("organizer", id)));
    }

    @GetMapping("/v3/events/{id}/ticket_classes/")
    Map<String, Object> ticketClasses(@PathVariable String id, HttpServletRequest request) {
        Caller caller = Caller.of(request).require("events:read");
        Event event = publishing.readable(id, () -> organizations.of(caller)).orElseThrow(() -> notFound("event", id));
        List<Map<String, Object>> tickets = events.ticketClasses(List.of(event.id())).stream()
                .map(views.json()::ticketClass).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pagination", EventJson.pagination(tickets.size(), 1, Math.max(1, tickets.size())));
        body.put("ticket_classes", tickets);
        return body;
    }

    private static ApiException notFound(String kind, String id) {
        return new ApiException(404, "not_found", "no " + kind + " with id '" + id + "'");
    }
}
