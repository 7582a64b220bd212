package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.store.Projects;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.VersionScheme;
import dev.quintet.platform.errors.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The dependencies of one version (read from the upstream once, when first asked for), each compared with its
 * target's newest versions by the ecosystem's own range rules. Targets are looked up in parallel within a deadline;
 * those not known in time are reported without latest/outdated.
 */
public final class DependencyCatalog {

    private final ProjectCatalog catalog;
    private final Adapters adapters;
    private final Projects projects;
    private final Duration deadline;
    private final SingleFlight<List<StoredDependency>> flights = new SingleFlight<>();

    public DependencyCatalog(ProjectCatalog catalog, Adapters adapters, Projects projects, Duration deadline) {
        this.catalog = catalog;
        this.adapters = adapters;
        this.projects = projects;
        this.deadline = deadline;
    }

    public VersionDependencies dependencies(Ecosystem ecosystem, StoredProject project, String requested) {
        StoredVersion version = ProjectVersions.resolve(ecosystem, project, requested);
        return new VersionDependencies(version.number(), report(ecosystem, declared(ecosystem, project, version)));
    }

    /**
     * The dependencies one version declares, from the store, or read from the upstream once when not known yet
     * (see {@link StoredVersion#dependenciesFetchedAt()}).
     */
    public List<StoredDependency> declared(Ecosystem ecosystem, StoredProject project, StoredVersion version) {
        return version.dependenciesFetchedAt() != null
                ? projects.dependencies(project.id(), version.number())
                : flights.run(project.id() + "@" + version.number(), () -> fetch(ecosystem, project, version));
    }

    /** A Maven version's dependencyManagement; known once its dependencies are ({@link #declared}). */
    public List<StoredDependency> managed(StoredProject project, StoredVersion version) {
        return projects.managedDependencies(project.id(), version.number());
    }

    private List<StoredDependency> fetch(Ecosystem ecosystem, StoredProject project, StoredVersion version) {
        RegistryAdapter adapter = adapters.of(ecosystem).orElseThrow();
        try {
            projects.saveDependencies(project.id(), version.number(), ecosystem,
                    adapter.dependencies(project.name(), version.number()));
        } catch (UpstreamFailure e) {
            throw UpstreamErrors.of(e);
        }
        return projects.dependencies(project.id(), version.number());
    }

    private List<DependencyReport> report(Ecosystem ecosystem, List<StoredDependency> declared) {
        List<Callable<DependencyReport>> tasks = declared.stream()
                .<Callable<DependencyReport>>map(d -> () -> compare(ecosystem, d)).toList();
        List<DependencyReport> out = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<DependencyReport>> futures = executor.invokeAll(tasks, deadline.toMillis(),
                    java.util.concurrent.TimeUnit.MILLISECONDS);
            for (int i = 0; i < futures.size(); i++) {
                out.add(result(futures.get(i), declared.get(i)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "interrupted", "the request was interrupted");
        }
        return out;
    }

    private static DependencyReport result(Future<DependencyReport> future, StoredDependency d) {
        if (future.isCancelled()) {
            return new DependencyReport(d, null, null, null, null);
        }
        try {
            return future.get();
        } catch (ExecutionException | InterruptedException e) {
            return new DependencyReport(d, null, null, null, null);
        }
    }

    private DependencyReport compare(Ecosystem ecosystem, StoredDependency d) {
        StoredProject target;
        try {
            target = catalog.find(ecosystem, d.name()).project();
        } catch (RuntimeException e) {
            return new DependencyReport(d, null, null, null, null);
        }
        VersionScheme scheme = ecosystem.versions();
        String latest = ProjectVersions.latest(ecosystem, target).map(StoredVersion::number).orElse(null);
        String stable = ProjectVersions.latestStable(ecosystem, target).map(StoredVersion::number).orElse(null);
        Boolean outdated = null;
        if (stable != null && !d.requirements().isBlank() && !d.requirements().equals("*")) {
            try {
                outdated = !scheme.requirement(d.requirements()).isSatisfiedBy(stable);
            } catch (IllegalArgumentException unreadable) {
                outdated = null;
            }
        } else if (stable != null) {
            outdated = false;
        }
        return new DependencyReport(d, latest, stable, outdated, "deprecated".equals(target.status()));
    }
}
