package dev.quintet.packages.resolve;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.platform.errors.ApiException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Projects and dependency lists for one resolution, through the cached fetch path: what the store holds fresh is
 * read from it, anything else costs one of a limited number of upstream fetches. Each answer is kept for the rest of
 * the resolution; a level's look-ups run in parallel, a bounded number at a time.
 */
final class PackageSource {

    /** A version of a project whose dependencies are wanted. */
    record Release(StoredProject project, StoredVersion version) {
    }

    private final Ecosystem ecosystem;
    private final PackageCatalog catalog;
    private final Semaphore permits;
    private final int maxFetches;
    private final AtomicInteger fetchesLeft;
    private final Map<String, Fetched<StoredProject>> projectAnswers = new ConcurrentHashMap<>();
    private final Map<String, Fetched<List<StoredDependency>>> dependencyAnswers = new ConcurrentHashMap<>();

    PackageSource(Ecosystem ecosystem, PackageCatalog catalog, int parallelFetches, int maxFetches) {
        this.ecosystem = ecosystem;
        this.catalog = catalog;
        this.permits = new Semaphore(parallelFetches);
        this.maxFetches = maxFetches;
        this.fetchesLeft = new AtomicInteger(maxFetches);
    }

    Ecosystem ecosystem() {
        return ecosystem;
    }

    Fetched<StoredProject> project(String name) {
        String key = ecosystem.normalize(name);
        Fetched<StoredProject> known = projectAnswers.get(key);
        if (known != null) {
            return known;
        }
        Fetched<StoredProject> found = lookUp(name);
        projectAnswers.putIfAbsent(key, found);
        return projectAnswers.get(key);
    }

    Fetched<List<StoredDependency>> dependencies(Release release) {
        String key = release.project().id() + "@" + release.version().number();
        Fetched<List<StoredDependency>> known = dependencyAnswers.get(key);
        if (known != null) {
            return known;
        }
        dependencyAnswers.putIfAbsent(key, read(release));
        return dependencyAnswers.get(key);
    }

    /** A Maven version's dependencyManagement, known once its dependencies are. */
    List<StoredDependency> managed(Release release) {
        return catalog.managed(release.project(), release.version());
    }

    /** Looks the projects up in parallel, so that {@link #project} then answers at once. */
    void prefetchProjects(Collection<String> names) {
        inParallel(names.stream().distinct().filter(n -> !projectAnswers.containsKey(ecosystem.normalize(n)))
                .<Runnable>map(n -> () -> project(n)).toList());
    }

    /** Reads the releases' dependencies in parallel, so that {@link #dependencies} then answers at once. */
    void prefetchDependencies(Collection<Release> releases) {
        inParallel(releases.stream().distinct().<Runnable>map(r -> () -> dependencies(r)).toList());
    }

    private Fetched<StoredProject> lookUp(String name) {
        Optional<String> invalid = ecosystem.nameProblem(name);
        if (invalid.isPresent()) {
            return Fetched.failed("'" + name + "' cannot be a " + ecosystem.displayName() + " package: " + invalid.get());
        }
        Optional<StoredProject> stored = catalog.stored(ecosystem, name);
        if (stored.isPresent()) {
            return Fetched.of(stored.get());
        }
        if (!takeFetch()) {
            return Fetched.limitReached(fetchLimit());
        }
        try {
            return Fetched.of(catalog.fetch(ecosystem, name));
        } catch (ApiException e) {
            return Fetched.failed(e.getMessage());
        }
    }

    private Fetched<List<StoredDependency>> read(Release release) {
        if (release.version().dependenciesFetchedAt() == null && !takeFetch()) {
            return Fetched.limitReached(fetchLimit());
        }
        try {
            return Fetched.of(catalog.dependencies(ecosystem, release.project(), release.version()));
        } catch (ApiException e) {
            return Fetched.failed("the dependencies of " + release.project().name() + " " + release.version().number()
                    + " could not be read: " + e.getMessage());
        }
    }

    private boolean takeFetch() {
        return fetchesLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }

    private String fetchLimit() {
        return "the resolution reached its limit of " + maxFetches + " upstream fetches per request; what was fetched"
                + " is stored, so asking again resolves further";
    }

    private void inParallel(List<Runnable> tasks) {
        if (tasks.size() < 2) {
            tasks.forEach(Runnable::run);
            return;
        }
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Runnable task : tasks) {
                executor.submit(() -> {
                    permits.acquireUninterruptibly();
                    try {
                        task.run();
                    } finally {
                        permits.release();
                    }
                });
            }
        }
    }
}
