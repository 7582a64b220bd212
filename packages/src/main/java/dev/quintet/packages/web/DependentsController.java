package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.Dependents;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/{platform}/{name}/dependents}: the stored projects whose current version depends on the project,
 * by name, paginated; {@code Total} equals the project's {@code dependents_count}.
 */
@RestController
final class DependentsController {

    private final ProjectAnswers answers;
    private final Dependents dependents;

    DependentsController(ProjectAnswers answers, Dependents dependents) {
        this.answers = answers;
        this.dependents = dependents;
    }

    @GetMapping(value = {"/api/{platform}/{name}/dependents", "/api/{platform}/{name}/dependents/"}, produces = "application/json")
    List<DependentView> dependents(@PathVariable String platform, @PathVariable String name,
                                   @RequestParam(name = "page", required = false) String page,
                                   @RequestParam(name = "per_page", required = false) String perPage,
                                   HttpServletRequest request, HttpServletResponse response) {
        PageRequest paging = PageRequest.of(page, perPage);
        Ecosystem ecosystem = answers.ecosystem(platform, name);
        Lookup lookup = answers.lookup(ecosystem, name, response);
        String target = lookup.project().normalizedName();
        paging.headers(request, response, answers.dependentsCount(ecosystem, lookup));
        return dependents.page(ecosystem, target, paging.offset(), paging.perPage()).stream()
                .map(d -> DependentView.of(ecosystem, d)).toList();
    }
}
