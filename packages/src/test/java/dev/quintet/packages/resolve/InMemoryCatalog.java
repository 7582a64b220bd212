package dev.quintet.packages.resolve;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.platform.errors.ApiException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Invented packages of one ecosystem held in memory, for resolving graphs without a store or an upstream. */
final class InMemoryCatalog implements PackageCatalog {

    private final Ecosystem ecosystem;
    private final Map<String, Package> packages = new LinkedHashMap<>();
    private boolean storeIsStale;
    final List<String> fetched = new ArrayList<>();

    InMemoryCatalog(Ecosystem ecosystem) {
        this.ecosystem = ecosystem;
    }

    /** A package, added when new. */
    Package pkg(String name) {
        return packages.computeIfAbsent(ecosystem.normalize(name), k -> new Package(name, packages.size() + 1));
    }

    /** Every look-up then counts as an upstream fetch. */
    InMemoryCatalog nothingStoredFresh() {
        storeIsStale = true;
        return this;
    }

    ResolvedGraph resolve(String name, String version) {
        return resolve(name, version, 1000, DependencyGraphs.DEFAULT_MAVEN_SCOPES);
    }

    ResolvedGraph resolve(String name, String version, int maxNodes, Set<String> scopes) {
        return graphs(new PackagesProperties.Tree(1000, 500, 4, 20))
                .resolve(ecosystem, project(name), version, Optional.of(maxNodes), scopes);
    }

    DependencyGraphs graphs(PackagesProperties.Tree limits) {
        return new DependencyGraphs(this, limits);
    }

    StoredProject project(String name) {
        Package p = packages.get(ecosystem.normalize(name));
        if (p == null) {
            throw ApiException.notFound("no " + ecosystem.displayName() + " package named '" + name + "' exists upstream");
        }
        return p.stored();
    }

    @Override
    public Optional<StoredProject> stored(Ecosystem e, String name) {
        return storeIsStale || !packages.containsKey(e.normalize(name)) ? Optional.empty() : Optional.of(project(name));
    }

    @Override
    public StoredProject fetch(Ecosystem e, String name) {
        fetched.add(name);
        return project(name);
    }

    @Override
    public List<StoredDependency> dependencies(Ecosystem e, StoredProject project, StoredVersion version) {
        return packages.get(e.normalize(project.name())).dependencies.getOrDefault(version.number(), List.of());
    }

    @Override
    public List<StoredDependency> managed(StoredProject project, StoredVersion version) {
        return packages.get(ecosystem.normalize(project.name())).managed.getOrDefault(version.number(), List.of());
    }

    /** One invented package: versions with their dependencies, statuses and feature tables. */
    final class Package {

        private final String name;
        private final long id;
        private final Map<String, String> statuses = new LinkedHashMap<>();
        private final Map<String, List<StoredDependency>> dependencies = new HashMap<>();
        private final Map<String, List<StoredDependency>> managed = new HashMap<>();
        private final Map<String, Map<String, List<String>>> features = new HashMap<>();
        private final Map<String, String> requiresPython = new HashMap<>();
        private String defaultVersion;

        Package(String name, long id) {
            this.name = name;
            this.id = id;
        }

        Package version(String number, Dep... deps) {
            statuses.put(number, null);
            dependencies.put(number, java.util.Arrays.stream(deps).map(d -> d.stored(ecosystem)).toList());
            return this;
        }

        Package versions(String... numbers) {
            for (String n : numbers) {
                version(n);
            }
            return this;
        }

        Package status(String number, String status) {
            statuses.put(number, status);
            return this;
        }

        Package latestTag(String number) {
            defaultVersion = number;
            return this;
        }

        Package managing(String number, Dep... entries) {
            managed.put(number, java.util.Arrays.stream(entries).map(d -> d.stored(ecosystem)).toList());
            return this;
        }

        Package features(String number, Map<String, List<String>> table) {
            features.put(number, table);
            return this;
        }

        Package requiresPython(String number, String specifier) {
            requiresPython.put(number, specifier);
            return this;
        }

        StoredProject stored() {
            List<StoredVersion> versions = statuses.entrySet().stream().map(e -> new StoredVersion(e.getKey(), null,
                    null, null, e.getValue(), Instant.EPOCH, features.get(e.getKey()), requiresPython.get(e.getKey())))
                    .toList();
            return new StoredProject(id, ecosystem.key(), name, ecosystem.normalize(name), null, null, null, List.of(),
                    List.of(), List.of(), "active", Instant.EPOCH, null, null, defaultVersion, versions);
        }
    }

    /** A declared dependency. */
    record Dep(String name, String requirement, String kind, boolean optional, DependencyDetails details) {

        static Dep on(String name, String requirement) {
            return new Dep(name, requirement, "runtime", false, DependencyDetails.NONE);
        }

        Dep kind(String value) {
            return new Dep(name, requirement, value, optional, details);
        }

        Dep markedOptional() {
            return new Dep(name, requirement, kind, true, details);
        }

        Dep details(DependencyDetails value) {
            return new Dep(name, requirement, kind, optional, value);
        }

        StoredDependency stored(Ecosystem ecosystem) {
            return new StoredDependency(name, ecosystem.key(), requirement, kind, optional, details, null);
        }
    }

    /** The graph as lines {@code from@v -> to@v [KIND]}, for comparing with a table of expected edges. */
    static List<String> edges(ResolvedGraph graph) {
        return graph.edges().stream().map(e -> at(graph, e.fromNode()) + " -> " + at(graph, e.toNode())
                + (e.kind() == null ? "" : " [" + e.kind() + "]")).toList();
    }

    /** The nodes as {@code name@version RELATION}. */
    static List<String> nodes(ResolvedGraph graph) {
        return graph.nodes().stream().map(n -> n.name() + "@" + n.version() + " " + n.relation()).toList();
    }

    /** Every node's problems as {@code node: name requirement: message}. */
    static List<String> problems(ResolvedGraph graph) {
        List<String> out = new ArrayList<>();
        for (ResolvedGraph.Node n : graph.nodes()) {
            if (n.errors() != null) {
                n.errors().forEach(p -> out.add(n.name() + ": " + p.name() + " " + p.requirement() + ": " + p.message()));
            }
        }
        return out;
    }

    private static String at(ResolvedGraph graph, int node) {
        return graph.nodes().get(node).name() + "@" + graph.nodes().get(node).version();
    }
}
