package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.catalog.Categories;
import dev.quintet.events.catalog.Category;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** {@code GET /v3/categories/} and {@code GET /v3/formats/}, scope {@code events:read}. */
@RestController
final class CatalogController {

    private final Categories categories;

    CatalogController(Categories categories) {
        this.categories = categories;
    }

    @GetMapping("/v3/categories/")
    Map<String, Object> categories(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        return page("categories", categories.categories());
    }

    @GetMapping("/v3/formats/")
    Map<String, Object> formats(HttpServletRequest request) {
        Caller.of(request).require("events:read");
        return page("formats", categories.formats());
    }

    private static Map<String, Object> page(String kind, List<Category> items) {
        EventJson json = new EventJson(ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("locale", "en_US");
        body.put("pagination", EventJson.pagination(items.size(), 1, Math.max(1, items.size())));
        body.put(kind, items.stream().map(c -> json.category(c, kind)).toList());
        return body;
    }
}
