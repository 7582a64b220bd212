package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.export.EventCalendar;
import dev.quintet.events.organizing.EventPublishing;
import dev.quintet.events.search.EventSearch;
import dev.quintet.events.search.SearchQuery;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Reading events, scope {@code events:read}: {@code GET /v3/events/search/}, {@code GET /v3/events/{id}/} (an
 * organization also reads its own drafts), and both as iCalendar: {@code GET /v3/events/search/ical},
 * {@code GET /v3/events/{id}/ical}.
 */
@RestController
final class EventsController {

    private final EventSearch search;
    private final EventPublishing publishing;
    private final EventViews views;
    private final CallerOrganizations organizations;
    private final EventCalendar calendar = new EventCalendar();

    EventsController(EventSearch search, EventPublishing publishing, EventViews views, CallerOrganizations organizations) {
        this.search = search;
        this.publishing = publishing;
        this.views = views;
        this.organizations = organizations;
    }

    @GetMapping("/v3/events/search/")
    Map<String, Object> search(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        SearchQuery query = SearchQuery.parse(request.getParameterMap());
        EventSearch.Results results = found(query);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pagination", EventJson.pagination(results, query.page(), query.pageSize()));
        body.put("events", views.render(results.events(), query.expand()));
        if (results.place() != null) {
            body.put("location", EventJson.location(query.address(), results.place(), query.withinMeters()));
        }
        return body;
    }

    @GetMapping("/v3/events/search/ical")
    ResponseEntity<String> searchCalendar(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        return ical(found(SearchQuery.parse(request.getParameterMap())).events());
    }

    @GetMapping("/v3/events/{id}/")
    Map<String, Object> event(@PathVariable String id, @RequestParam(defaultValue = "") String expand,
                              HttpServletRequest request) {
        Event event = readable(id, request);
        Set<String> expansions = SearchQuery.parse(expand.isEmpty() ? Map.of() : Map.of("expand", new String[] {expand})).expand();
        return views.render(event, expansions);
    }

    @GetMapping("/v3/events/{id}/ical")
    ResponseEntity<String> eventCalendar(@PathVariable String id, HttpServletRequest request) {
        return ical(List.of(readable(id, request)));
    }

    private Event readable(String id, HttpServletRequest request) {
        Caller caller = Caller.of(request).require("events:read");
        return publishing.readable(id, () -> organizations.of(caller))
                .orElseThrow(() -> new ApiException(404, "not_found", "no event with id '" + id + "'"));
    }

    private EventSearch.Results found(SearchQuery query) {
        EventSearch.Results results = search.search(query);
        if (results.events().isEmpty() && query.page() > 1 && results.objectCount() > 0 && query.continuation() == null) {
            throw new ApiException(400, "bad_page", "page " + query.page() + " is past the last page", "page");
        }
        return results;
    }

    private ResponseEntity<String> ical(List<Event> events) {
        return ResponseEntity.ok().header("Content-Type", EventCalendar.MEDIA_TYPE)
                .header("Content-Disposition", "inline; filename=\"events.ics\"")
                .body(calendar.write(views.details(events), EventViews.base()));
    }
}
