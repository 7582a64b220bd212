package dev.quintet.packages.fetch;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.IndexedRegistry;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.store.Projects;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.VirtualPackages;
import dev.quintet.platform.errors.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves projects from the store while fresh (TTL per ecosystem), else asks the upstream once per name at a time
 * (conditionally, with the stored validators). When the upstream fails, stored data is served marked stale;
 * with nothing stored the caller gets 502, 504 on a timeout, 503 when the upstream asks us to slow down. Every
 * answer from the store counts as demand, which the background refresh uses to revalidate what is asked for
 * often before it goes stale. Ecosystems served from an ingested index ({@link IndexedRegistry}) are answered from the
 * store alone: never fetched, never counted as demand; a name no package has there may be a virtual package that others
 * provide, which the 404 says.
 */
public final class ProjectCatalog {

    private static final Logger log = LoggerFactory.getLogger(ProjectCatalog.class);

    private final Projects projects;
    private final Adapters adapters;
    private final PackagesProperties properties;
    private final Clock clock;
    private final SingleFlight<Lookup> flights = new SingleFlight<>();
    /** Until when stored data is served without asking the upstream again, after it failed. */
    private final Map<String, Instant> backOffUntil = new ConcurrentHashMap<>();
    private final Demand demand;
    private final VirtualPackages virtualPackages;

    public ProjectCatalog(Projects projects, Adapters adapters, PackagesProperties properties, Clock clock,
                          Demand demand, VirtualPackages virtualPackages) {
        this.projects = projects;
        this.adapters = adapters;
        this.properties = properties;
        this.clock = clock;
        this.demand = demand;
        this.virtualPackages = virtualPackages;
    }

    public Lookup find(Ecosystem ecosystem, String name) {
        String key = ecosystem.normalize(name);
        Optional<IndexedRegistry> indexed = indexed(ecosystem);
        if (indexed.isPresent()) {
            return projects.find(ecosystem, key).map(Lookup::fresh).orElseThrow(() -> IngestionErrors.unknown(ecosystem,
                    name, indexed.get().status(), () -> virtualPackages.providers(ecosystem, key)));
        }
        Optional<StoredProject> stored = projects.find(ecosystem, key);
        return fresh(ecosystem, stored).orElseGet(() -> flights.run(ecosystem.key() + ":" + key, () -> {
            // a flight that ended after the read above may have stored the project meanwhile: read it again
            Optional<StoredProject> now = projects.find(ecosystem, key);
            return fresh(ecosystem, now).orElseGet(() -> refresh(ecosystem, name, key, now));
        }));
    }

    /** The project when the store holds it fresh, so that no upstream call is needed; empty otherwise. */
    public Optional<Lookup> storedFresh(Ecosystem ecosystem, String name) {
        return fresh(ecosystem, projects.find(ecosystem, ecosystem.normalize(name)));
    }

    private Optional<Lookup> fresh(Ecosystem ecosystem, Optional<StoredProject> stored) {
        if (stored.isPresent() && isFresh(ecosystem, stored.get())) {
            demand.asked(ecosystem, stored.get());
            return Optional.of(Lookup.fresh(stored.get()));
        }
        return Optional.empty();
    }

    /**
     * Asks the upstream now, conditionally, however fresh the stored project is (the background refresh); an
     * upstream failure is thrown and the stored data stays as it was.
     */
    public void revalidate(Ecosystem ecosystem, String normalizedName) {
        if (indexed(ecosystem).isPresent()) {
            return;
        }
        flights.run(ecosystem.key() + ":" + normalizedName, () -> {
            Optional<StoredProject> stored = projects.find(ecosystem, normalizedName);
            return fetch(ecosystem, stored.map(StoredProject::name).orElse(normalizedName), normalizedName, stored);
        });
    }

    private Optional<IndexedRegistry> indexed(Ecosystem ecosystem) {
        return adapters.of(ecosystem).filter(IndexedRegistry.class::isInstance).map(IndexedRegistry.class::cast);
    }

    /**
     * Asks the upstream for a project that is missing or stale in the store, as {@code stored} read it just before,
     * within the flight. Callers that arrive while this runs wait for its answer; one that read the store just before
     * an earlier flight finished finds, in its own flight, what that one stored, and asks nothing.
     */
    private Lookup refresh(Ecosystem ecosystem, String name, String key, Optional<StoredProject> stored) {
        String flightKey = ecosystem.key() + ":" + key;
        Instant until = backOffUntil.get(flightKey);
        if (stored.isPresent() && until != null && until.isAfter(clock.instant())) {
            return new Lookup(stored.get(), true, "the upstream failed recently; the next attempt is after " + until);
        }
        try {
            Lookup found = fetch(ecosystem, name, key, stored);
            backOffUntil.remove(flightKey);
            return found;
        } catch (UpstreamFailure e) {
            log.warn("{} {}: {}", ecosystem.key(), name, e.getMessage());
            backOffUntil.put(flightKey, clock.instant().plus(e.retryAfter().orElse(properties.retryAfterFailure())));
            if (stored.isPresent()) {
                return new Lookup(stored.get(), true, e.getMessage());
            }
            throw UpstreamErrors.of(e);
        }
    }

    private Lookup fetch(Ecosystem ecosystem, String name, String key, Optional<StoredProject> stored) {
        RegistryAdapter adapter = adapters.of(ecosystem).orElseThrow(() -> ApiException.notFound(
                "the " + ecosystem.displayName() + " adapter is not available yet"));
        Validators known = stored.map(p -> new Validators(p.etag(), p.lastModified())).orElse(Validators.NONE);
        ProjectFetch answer = adapter.fetch(stored.map(StoredProject::name).orElse(name), known);
        return switch (answer) {
            case ProjectFetch.Fetched f -> Lookup.fresh(projects.save(ecosystem, key, f.project(), f.validators()));
            case ProjectFetch.NotModified n -> notModified(ecosystem, key, stored, n.validators());
            case ProjectFetch.Missing m -> missing(ecosystem, name, key, stored);
        };
    }

    private Lookup notModified(Ecosystem ecosystem, String key, Optional<StoredProject> stored, Validators validators) {
        if (stored.isEmpty()) {
            throw UpstreamErrors.of(new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER,
                    "upstream answered 304 Not Modified to an unconditional request"));
        }
        projects.touch(stored.get().id(), validators);
        return Lookup.fresh(projects.find(ecosystem, key).orElseThrow());
    }

    private Lookup missing(Ecosystem ecosystem, String name, String key, Optional<StoredProject> stored) {
        if (stored.isEmpty()) {
            throw ApiException.notFound("no " + ecosystem.displayName() + " package named '" + name
                    + "' exists upstream at " + properties.upstream(ecosystem).getHost());
        }
        projects.markRemoved(stored.get().id());
        return Lookup.fresh(projects.find(ecosystem, key).orElseThrow());
    }

    private boolean isFresh(Ecosystem ecosystem, StoredProject project) {
        return project.fetchedAt().plus(properties.ttl(ecosystem)).isAfter(clock.instant());
    }
}
