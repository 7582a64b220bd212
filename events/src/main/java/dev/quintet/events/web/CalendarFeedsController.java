package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.export.CalendarFeeds;
import dev.quintet.events.export.EventCalendar;
import dev.quintet.events.search.EventSearch;
import dev.quintet.events.search.SearchQuery;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * Calendar feeds, scope {@code events:read}: make, list and delete a person's saved searches at
 * {@code /v3/users/me/calendar_feeds/}; {@code GET /v3/feeds/{token}.ics} serves one without an access token, the
 * token in its URL being the credential.
 */
@RestController
final class CalendarFeedsController {

    private static final String FEEDS = "/v3/users/me/calendar_feeds/";

    private final CalendarFeeds feeds;
    private final EventSearch search;
    private final EventViews views;
    private final EventCalendar calendar = new EventCalendar();

    CalendarFeedsController(CalendarFeeds feeds, EventSearch search, EventViews views) {
        this.feeds = feeds;
        this.search = search;
        this.views = views;
    }

    @PostMapping(FEEDS)
    Map<String, Object> create(@RequestBody(required = false) JsonNode body, HttpServletRequest request) {
        Caller caller = Caller.of(request).require("events:read");
        CalendarFeeds.Created created = feeds.create(caller.accountId(), caller.clientId(), body);
        Map<String, Object> json = json(created.feed());
        json.put("url", EventViews.base() + "/v3/feeds/" + created.token() + ".ics");
        return json;
    }

    @GetMapping(FEEDS)
    Map<String, Object> list(HttpServletRequest request) {
        Caller caller = Caller.of(request).require("events:read");
        List<Map<String, Object>> all = feeds.of(caller.accountId()).stream().map(CalendarFeedsController::json).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pagination", EventJson.pagination(all.size(), 1, Math.max(1, all.size())));
        body.put("calendar_feeds", all);
        return body;
    }

    @DeleteMapping(FEEDS + "{id}/")
    Map<String, Object> delete(@PathVariable String id, HttpServletRequest request) {
        Caller caller = Caller.of(request).require("events:read");
        if (!id.matches("\\d{1,18}") || !feeds.delete(caller.accountId(), Long.parseLong(id))) {
            throw new ApiException(404, "not_found", "you have no calendar feed with id '" + id + "'");
        }
        return Map.of("deleted", true);
    }

    @GetMapping("/v3/feeds/{file}")
    ResponseEntity<String> feed(@PathVariable String file) {
        CalendarFeeds.Feed feed = (file.endsWith(".ics") ? feeds.open(file.substring(0, file.length() - 4))
                : Optional.<CalendarFeeds.Feed>empty())
                .orElseThrow(() -> new ApiException(404, "not_found", "no calendar feed at this address; it may have been deleted"));
        SearchQuery query = SearchQuery.parse(CalendarFeeds.parameters(feed.query()));
        return ResponseEntity.ok().header("Content-Type", EventCalendar.MEDIA_TYPE)
                .header("Cache-Control", "private, max-age=300")
                .header("Content-Disposition", "inline; filename=\"" + feed.id() + ".ics\"")
                .body(calendar.write(views.details(search.search(query).events()), EventViews.base()));
    }

    private static Map<String, Object> json(CalendarFeeds.Feed feed) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", String.valueOf(feed.id()));
        json.put("name", feed.name());
        json.put("query", feed.query());
        json.put("created", feed.createdAt().toString());
        if (feed.lastUsedAt() != null) {
            json.put("last_used", feed.lastUsedAt().toString());
        }
        json.put("resource_uri", EventViews.base() + FEEDS + feed.id() + "/");
        return json;
    }
}
