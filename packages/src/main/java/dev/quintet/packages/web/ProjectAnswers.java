package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Adapters;
import dev.quintet.packages.fetch.DependencyCatalog;
import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.fetch.ProjectCatalog;
import dev.quintet.packages.fetch.VersionDependencies;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.Dependents;
import dev.quintet.packages.store.VirtualPackages;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.tasks.Beside;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * What the project routes share, however the package is named (platform and name, purl, batch item): checking the
 * platform and name, looking the project up, and the project and dependencies answers.
 */
@Component
final class ProjectAnswers {

    private final Adapters adapters;
    private final ProjectCatalog catalog;
    private final DependencyCatalog dependencies;
    private final Dependents dependents;
    private final VirtualPackages virtualPackages;

    ProjectAnswers(Adapters adapters, ProjectCatalog catalog, DependencyCatalog dependencies, Dependents dependents,
                   VirtualPackages virtualPackages) {
        this.adapters = adapters;
        this.catalog = catalog;
        this.dependencies = dependencies;
        this.dependents = dependents;
        this.virtualPackages = virtualPackages;
    }

    /** The ecosystem a platform segment names (404 when not served), with the name checked against its rules (400). */
    Ecosystem ecosystem(String platform, String name) {
        Ecosystem ecosystem = served(platform).orElseThrow(() -> ApiException.notFound("platform '" + platform + "' is not supported; supported: "
                        + supportedKeys()));
        ecosystem.nameProblem(name).ifPresent(problem -> {
            throw ApiException.invalidParameter("name", problem + ", got '" + name + "'");
        });
        return ecosystem;
    }

    /** The ecosystem a platform key names (in any case), when we serve it. */
    Optional<Ecosystem> served(String platform) {
        return Ecosystem.named(platform).filter(e -> adapters.of(e).isPresent());
    }

    String supportedKeys() {
        return adapters.supported().stream().map(Ecosystem::key).collect(Collectors.joining(", "));
    }

    /** The project, fetched when needed; a stale answer sets {@code X-Data-Stale} when there is a response to set it on. */
    Lookup lookup(Ecosystem ecosystem, String name, HttpServletResponse response) {
        Lookup lookup = catalog.find(ecosystem, name.strip());
        if (lookup.stale() && response != null) {
            response.setHeader("X-Data-Stale", "true");
        }
        return lookup;
    }

    /**
     * The project answer. Its dependents are counted while the project is looked up (a first look-up waits for the
     * upstream meanwhile): the count reads other projects' rows only, never the ones a look-up writes.
     */
    ProjectView project(Ecosystem ecosystem, String name, HttpServletResponse response) {
        Beside<Long> count = countBeside(ecosystem, name);
        return ProjectView.of(ecosystem, lookup(ecosystem, name, response), count.get());
    }

    long dependentsCount(Ecosystem ecosystem, Lookup lookup) {
        return dependents.count(ecosystem, lookup.project().normalizedName());
    }

    /**
     * The dependencies of one version ({@code latest} or a number) with the project's fields, the dependents counted
     * as for {@link #project}; a dependency on a name other packages provide (Debian) names them.
     */
    DependenciesView dependencies(Ecosystem ecosystem, String name, String version, HttpServletResponse response) {
        Beside<Long> count = countBeside(ecosystem, name);
        Lookup lookup = lookup(ecosystem, name, response);
        VersionDependencies found = dependencies.dependencies(ecosystem, lookup.project(), version.strip());
        ProjectView project = ProjectView.of(ecosystem, lookup, count.get());
        Map<String, VirtualPackages.Provided> provided = virtualPackages.of(ecosystem, found.dependencies().stream()
                .map(d -> ecosystem.normalize(d.dependency().name())).toList());
        return new DependenciesView(project, found.version(), found.dependencies().stream()
                .map(d -> DependencyView.of(project.name(), ecosystem.displayName(), d,
                        provided.get(ecosystem.normalize(d.dependency().name())))).toList());
    }

    private Beside<Long> countBeside(Ecosystem ecosystem, String name) {
        String normalized = ecosystem.normalize(name.strip());
        return Beside.start("dependents-count", () -> dependents.count(ecosystem, normalized));
    }
}
