package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.catalog.Categories;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Eventbrite's fixed lists, scope {@code events:read}: {@code GET /v3/categories/}, {@code /v3/subcategories/},
 * {@code /v3/formats/}, and one of each by id.
 */
@RestController
final class CatalogController {

    private final Categories categories;

    CatalogController(Categories categories) {
        this.categories = categories;
    }

    @GetMapping("/v3/categories/")
    Map<String, Object> categories(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        EventJson json = new EventJson(EventViews.base());
        return page("categories", categories.categories().stream().map(c -> json.category(c, "categories")).toList());
    }

    @GetMapping("/v3/categories/{id}/")
    Map<String, Object> category(@PathVariable String id, HttpServletRequest request) {
        Caller.of(request).require("events:read");
        EventJson json = new EventJson(EventViews.base());
        Map<String, Object> body = json.category(categories.category(id).orElseThrow(() -> notFound("category", id)),
                "categories");
        body.put("subcategories", categories.subcategories().stream().filter(s -> s.parent().id().equals(id))
                .map(json::subcategory).toList());
        return body;
    }

    @GetMapping("/v3/subcategories/")
    Map<String, Object> subcategories(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        EventJson json = new EventJson(EventViews.base());
        return page("subcategories", categories.subcategories().stream().map(json::subcategory).toList());
    }

    @GetMapping("/v3/subcategories/{id}/")
    Map<String, Object> subcategory(@PathVariable String id, HttpServletRequest request) {
        Caller.of(request).require("events:read");
        return categories.subcategory(id).map(new EventJson(EventViews.base())::subcategory)
                .orElseThrow(() -> notFound("subcategory", id));
    }

    @GetMapping("/v3/formats/")
    Map<String, Object> formats(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        EventJson json = new EventJson(EventViews.base());
        return page("formats", categories.formats().stream().map(c -> json.category(c, "formats")).toList());
    }

    private static ApiException notFound(String kind, String id) {
        return new ApiException(404, "not_found", "no " + kind + " with id '" + id + "'");
    }

    private static Map<String, Object> page(String kind, List<Map<String, Object>> items) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("locale", "en_US");
        body.put("pagination", EventJson.pagination(items.size(), 1, Math.max(1, items.size())));
        body.put(kind, items);
        return body;
    }
}
