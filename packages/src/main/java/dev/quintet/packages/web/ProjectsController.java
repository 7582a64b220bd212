package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.fetch.ProjectVersions;
import dev.quintet.packages.registry.Ecosystem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Project, versions and dependencies. Names with slashes travel percent-encoded in one segment
 * ({@code %40babel%2Fcore}, Go module paths); platform names match in any case; trailing slashes are accepted.
 */
@RestController
final class ProjectsController {

    private final ProjectAnswers answers;

    ProjectsController(ProjectAnswers answers) {
        this.answers = answers;
    }

    @GetMapping(value = {"/api/{platform}/{name}", "/api/{platform}/{name}/"}, produces = "application/json")
    ProjectView project(@PathVariable String platform, @PathVariable String name, HttpServletResponse response) {
        Ecosystem ecosystem = ecosystem(platform, name);
        return answers.project(ecosystem, name, response);
    }

    @GetMapping(value = {"/api/{platform}/{name}/versions", "/api/{platform}/{name}/versions/"}, produces = "application/json")
    List<VersionView> versions(@PathVariable String platform, @PathVariable String name,
                               @RequestParam(name = "page", required = false) String page,
                               @RequestParam(name = "per_page", required = false) String perPage,
                               HttpServletRequest request, HttpServletResponse response) {
        PageRequest paging = PageRequest.of(page, perPage);
        Ecosystem ecosystem = ecosystem(platform, name);
        List<VersionView> all = ProjectVersions.ordered(ecosystem, lookup(ecosystem, name, response).project())
                .reversed().stream().map(VersionView::of).toList();
        paging.headers(request, response, all.size());
        return paging.slice(all);
    }

    @GetMapping(value = {"/api/{platform}/{name}/{version}/dependencies", "/api/{platform}/{name}/{version}/dependencies/"}, produces = "application/json")
    DependenciesView dependencies(@PathVariable String platform, @PathVariable String name,
                                  @PathVariable String version, HttpServletResponse response) {
        Ecosystem ecosystem = ecosystem(platform, name);
        return answers.dependencies(ecosystem, name, version, response);
    }

    private Lookup lookup(Ecosystem ecosystem, String name, HttpServletResponse response) {
        return answers.lookup(ecosystem, name, response);
    }

    private Ecosystem ecosystem(String platform, String name) {
        return answers.ecosystem(platform, name);
    }
}
