package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Adapters;
import dev.quintet.packages.fetch.DependencyCatalog;
import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.fetch.ProjectCatalog;
import dev.quintet.packages.fetch.ProjectVersions;
import dev.quintet.packages.fetch.VersionDependencies;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.stream.Collectors;
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

    private final Adapters adapters;
    private final ProjectCatalog catalog;
    private final DependencyCatalog dependencies;

    ProjectsController(Adapters adapters, ProjectCatalog catalog, DependencyCatalog dependencies) {
        this.adapters = adapters;
        this.catalog = catalog;
        this.dependencies = dependencies;
    }

    @GetMapping(value = {"/api/{platform}/{name}", "/api/{platform}/{name}/"}, produces = "application/json")
    ProjectView project(@PathVariable String platform, @PathVariable String name, HttpServletResponse response) {
        Ecosystem ecosystem = ecosystem(platform, name);
        return ProjectView.of(ecosystem, lookup(ecosystem, name, response));
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
        Lookup lookup = lookup(ecosystem, name, response);
        VersionDependencies found = dependencies.dependencies(ecosystem, lookup.project(), version.strip());
        ProjectView project = ProjectView.of(ecosystem, lookup);
        return new DependenciesView(project, found.version(), found.dependencies().stream()
                .map(d -> DependencyView.of(project.name(), ecosystem.displayName(), d)).toList());
    }

    private Lookup lookup(Ecosystem ecosystem, String name, HttpServletResponse response) {
        Lookup lookup = catalog.find(ecosystem, name.strip());
        if (lookup.stale()) {
            response.setHeader("X-Data-Stale", "true");
        }
        return lookup;
    }

    private Ecosystem ecosystem(String platform, String name) {
        Ecosystem ecosystem = Ecosystem.named(platform).filter(e -> adapters.of(e).isPresent())
                .orElseThrow(() -> ApiException.notFound("platform '" + platform + "' is not supported; supported: "
                        + adapters.supported().stream().map(Ecosystem::key).collect(Collectors.joining(", "))));
        ecosystem.nameProblem(name).ifPresent(problem -> {
            throw ApiException.invalidParameter("name", problem + ", got '" + name + "'");
        });
        return ecosystem;
    }
}
