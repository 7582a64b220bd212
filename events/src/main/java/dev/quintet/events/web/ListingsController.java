package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.catalog.Organizer;
import dev.quintet.events.organizing.EventPublishing;
import dev.quintet.events.organizing.Organization;
import dev.quintet.events.search.EventListQuery;
import dev.quintet.events.search.EventLists;
import dev.quintet.events.search.SearchQuery;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Lists by owner: {@code GET /v3/organizations/{id}/events/} and {@code .../venues/} (scope {@code events:write},
 * the caller's own organization, drafts included) and {@code GET /v3/organizers/{id}/events/} (scope
 * {@code events:read}, an organizer's published events).
 */
@RestController
final class ListingsController {

    private static final List<String> EVERY_STATUS = List.of("draft", "live", "started", "ended", "completed",
            "canceled");

    private final EventLists lists;
    private final Events events;
    private final EventPublishing publishing;
    private final EventViews views;
    private final CallerOrganizations organizations;

    ListingsController(EventLists lists, Events events, EventPublishing publishing, EventViews views,
                       CallerOrganizations organizations) {
        this.lists = lists;
        this.events = events;
        this.publishing = publishing;
        this.views = views;
        this.organizations = organizations;
    }

    @GetMapping("/v3/organizations/{organizationId}/events/")
    Map<String, Object> organizationEvents(@PathVariable String organizationId, HttpServletRequest request) {
        Organization org = organizations.own(Caller.of(request).require("events:write"), organizationId);
        EventListQuery query = EventListQuery.parse(request.getParameterMap(), EVERY_STATUS, true);
        return page(lists.ofOrganization(org.id(), query), query);
    }

    @GetMapping("/v3/organizations/{organizationId}/venues/")
    Map<String, Object> organizationVenues(@PathVariable String organizationId, HttpServletRequest request) {
        Organization org = organizations.own(Caller.of(request).require("events:write"), organizationId);
        List<Map<String, Object>> venues = events.venuesOf(org.id()).stream().map(views.json()::venue).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pagination", EventJson.pagination(venues.size(), 1, Math.max(1, venues.size())));
        body.put("venues", venues);
        return body;
    }

    @GetMapping("/v3/organizers/{organizerId}/events/")
    Map<String, Object> organizerEvents(@PathVariable String organizerId, HttpServletRequest request) {
        Caller.of(request).require("events:read");
        Organizer organizer = publishing.organizer(organizerId).orElseThrow(() ->
                new ApiException(404, "not_found", "no organizer with id '" + organizerId + "'"));
        EventListQuery query = EventListQuery.parse(request.getParameterMap(), SearchQuery.DEFAULT_STATUSES, false);
        return page(lists.ofOrganizer(organizer.id(), query), query);
    }

    private Map<String, Object> page(EventLists.Found found, EventListQuery query) {
        if (found.events().isEmpty() && query.page() > 1 && found.total() > 0) {
            throw new ApiException(400, "bad_page", "page " + query.page() + " is past the last page", "page");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pagination", EventJson.pagination(found.total(), query.page(), query.pageSize()));
        body.put("events", views.render(found.events(), query.expand()));
        return body;
    }
}
