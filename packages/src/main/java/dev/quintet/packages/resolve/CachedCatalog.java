package dev.quintet.packages.resolve;

import dev.quintet.packages.fetch.DependencyCatalog;
import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.fetch.ProjectCatalog;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import java.util.List;
import java.util.Optional;

/** The catalog resolutions read in service: the fetch path that caches every upstream answer in PostgreSQL. */
final class CachedCatalog implements PackageCatalog {

    private final ProjectCatalog projects;
    private final DependencyCatalog dependencies;

    CachedCatalog(ProjectCatalog projects, DependencyCatalog dependencies) {
        this.projects = projects;
        this.dependencies = dependencies;
    }

    @Override
    public Optional<StoredProject> stored(Ecosystem ecosystem, String name) {
        return projects.storedFresh(ecosystem, name).map(Lookup::project);
    }

    @Override
    public StoredProject fetch(Ecosystem ecosystem, String name) {
        return projects.find(ecosystem, name).project();
    }

    @Override
    public List<StoredDependency> dependencies(Ecosystem ecosystem, StoredProject project, StoredVersion version) {
        return dependencies.declared(ecosystem, project, version);
    }

    @Override
    public List<StoredDependency> managed(StoredProject project, StoredVersion version) {
        return dependencies.managed(project, version);
    }
}
