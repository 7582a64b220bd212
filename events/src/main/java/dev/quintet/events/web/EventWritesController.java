package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.organizing.EventPublishing;
import dev.quintet.events.organizing.Organization;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Set;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * Changing one's own events, scope {@code events:write}: {@code POST /v3/events/{id}/} (update),
 * {@code publish/}, {@code unpublish/}, {@code cancel/}, {@code DELETE /v3/events/{id}/} (drafts) and
 * {@code POST /v3/events/{id}/ticket_classes/}, {@code POST} and {@code DELETE /v3/events/{id}/ticket_classes/{tc}/},
 * and one's own venues: {@code POST /v3/venues/{id}/}.
 */
@RestController
final class EventWritesController {

    private final CallerOrganizations organizations;
    private final EventPublishing publishing;
    private final EventViews views;

    EventWritesController(CallerOrganizations organizations, EventPublishing publishing, EventViews views) {
        this.organizations = organizations;
        this.publishing = publishing;
        this.views = views;
    }

    @PostMapping("/v3/events/{id}/")
    Map<String, Object> update(@PathVariable String id, @RequestBody JsonNode body, HttpServletRequest request) {
        return views.render(publishing.update(org(request), id, body), Set.of());
    }

    @PostMapping("/v3/venues/{id}/")
    Map<String, Object> updateVenue(@PathVariable String id, @RequestBody JsonNode body, HttpServletRequest request) {
        return views.json().venue(publishing.updateVenue(org(request), id, body));
    }

    @PostMapping("/v3/events/{id}/publish/")
    Map<String, Object> publish(@PathVariable String id, HttpServletRequest request) {
        publishing.publish(org(request), id);
        return Map.of("published", true);
    }

    @PostMapping("/v3/events/{id}/unpublish/")
    Map<String, Object> unpublish(@PathVariable String id, HttpServletRequest request) {
        publishing.unpublish(org(request), id);
        return Map.of("unpublished", true);
    }

    @PostMapping("/v3/events/{id}/cancel/")
    Map<String, Object> cancel(@PathVariable String id, HttpServletRequest request) {
        publishing.cancel(org(request), id);
        return Map.of("canceled", true);
    }

    @DeleteMapping("/v3/events/{id}/")
    Map<String, Object> delete(@PathVariable String id, HttpServletRequest request) {
        publishing.delete(org(request), id);
        return Map.of("deleted", true);
    }

    @PostMapping("/v3/events/{id}/ticket_classes/{ticketClassId}/")
    Map<String, Object> updateTicketClass(@PathVariable String id, @PathVariable String ticketClassId,
                                          @RequestBody JsonNode body, HttpServletRequest request) {
        return views.json().ticketClass(publishing.updateTicketClass(org(request), id, ticketClassId, body));
    }

    @DeleteMapping("/v3/events/{id}/ticket_classes/{ticketClassId}/")
    Map<String, Object> deleteTicketClass(@PathVariable String id, @PathVariable String ticketClassId,
                                          HttpServletRequest request) {
        publishing.deleteTicketClass(org(request), id, ticketClassId);
        return Map.of("deleted", true);
    }

    @PostMapping("/v3/events/{id}/ticket_classes/")
    Map<String, Object> addTicketClass(@PathVariable String id, @RequestBody JsonNode body, HttpServletRequest request) {
        return views.json().ticketClass(publishing.addTicketClass(org(request), id, body));
    }

    private Organization org(HttpServletRequest request) {
        return organizations.of(Caller.of(request).require("events:write"));
    }
}
