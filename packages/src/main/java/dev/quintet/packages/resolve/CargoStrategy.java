package dev.quintet.packages.resolve;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.PackageSource.Release;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.CargoVersions;
import dev.quintet.packages.versions.VersionRequirement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Cargo: each requirement (a bare version is a caret requirement) gets the highest version it accepts that is not
 * yanked, unified with the version already active in the same compatibility range (one per major version, per
 * 0.minor, per 0.0.patch), so that incompatible versions of a crate coexist and compatible ones do not. Normal and
 * build dependencies are followed, development ones never; an optional dependency only when a feature turns it on.
 * Features asked of a crate by all its dependents are unified. A requirement the active version of its range does not
 * satisfy is learned and the graph resolved again, a bounded number of rounds.
 */
final class CargoStrategy implements ResolutionStrategy {

    private static final CargoVersions CARGO = new CargoVersions();

    /** An active crate version with the features asked of it so far. */
    private static final class Active {

        private final int node;
        private final Release release;
        private final Set<String> features = new LinkedHashSet<>();
        private boolean defaults;

        Active(int node, Release release, boolean defaults) {
            this.node = node;
            this.release = release;
            this.defaults = defaults;
        }

        /** Adds to the features asked of it; whether that asks for anything new. */
        boolean ask(Set<String> more, boolean withDefaults) {
            boolean changed = features.addAll(more);
            if (withDefaults && !defaults) {
                defaults = true;
                changed = true;
            }
            return changed;
        }
    }

    private record Want(Active from, StoredDependency dependency, Set<String> features) {
    }

    @Override
    public Graph resolve(Resolution resolution) {
        return Hints.resolveInRounds(resolution.maxRounds(), hints -> attempt(resolution, hints));
    }

    private Graph attempt(Resolution resolution, Hints hints) {
        PackageSource source = resolution.source();
        Graph graph = resolution.newGraph();
        Map<String, Active> active = new HashMap<>();
        Active root = new Active(Graph.ROOT, resolution.root(), true);
        active.put(key(resolution.root().project().name(), resolution.root().version().number()), root);
        List<Active> level = List.of(root);
        while (!level.isEmpty()) {
            source.prefetchDependencies(level.stream().map(a -> a.release).toList());
            List<Want> wants = new ArrayList<>();
            for (Active a : level) {
                wants.addAll(wants(graph, source, a));
            }
            source.prefetchProjects(wants.stream().map(w -> w.dependency().name()).toList());
            Set<Active> next = new LinkedHashSet<>();
            for (Want want : wants) {
                place(want, graph, source, active, hints).ifPresent(next::add);
            }
            level = List.copyOf(next);
        }
        return graph;
    }

    private static List<Want> wants(Graph graph, PackageSource source, Active a) {
        Fetched<List<StoredDependency>> deps = source.dependencies(a.release);
        if (!deps.ok()) {
            graph.failed(a.node, a.release.project().name(), null, deps);
            return List.of();
        }
        Map<String, List<String>> table = a.release.version().features() == null ? Map.of()
                : a.release.version().features();
        Set<String> optional = deps.value().stream().filter(StoredDependency::optional).map(StoredDependency::name)
                .collect(Collectors.toSet());
        CargoFeatures on = CargoFeatures.of(table, optional, a.features, a.defaults);
        List<Want> out = new ArrayList<>();
        for (StoredDependency d : deps.value()) {
            if (d.kind().equals("development") || d.optional() && !on.dependencies().contains(d.name())) {
                continue;
            }
            Set<String> features = new LinkedHashSet<>(d.details().features());
            features.addAll(on.featuresOf(d.name()));
            out.add(new Want(a, d, features));
        }
        return out;
    }

    /** Resolves one requirement; the crate to expand (again, with more features) when there is one. */
    private static Optional<Active> place(Want want, Graph graph, PackageSource source, Map<String, Active> active,
                                          Hints hints) {
        StoredDependency d = want.dependency();
        int from = want.from().node;
        Fetched<StoredProject> project = source.project(d.name());
        if (!project.ok()) {
            graph.failed(from, d.name(), d.requirements(), project);
            return Optional.empty();
        }
        List<StoredVersion> matching;
        try {
            VersionRequirement accepts = CARGO.requirement(d.requirements());
            matching = Candidates.matching(project.value(), CARGO, accepts::isSatisfiedBy).stream()
                    .filter(v -> !Candidates.isYanked(v)).toList();
        } catch (IllegalArgumentException e) {
            graph.problem(from, d.name(), d.requirements(), e.getMessage());
            return Optional.empty();
        }
        Optional<Active> unified = unify(matching, active, d.name());
        Active target;
        if (unified.isPresent()) {
            target = unified.get();
        } else {
            Optional<StoredVersion> fresh = fresh(matching, active, hints, d.name());
            if (fresh.isEmpty()) {
                conflict(matching, active, hints, graph, want);
                return Optional.empty();
            }
            OptionalInt node = graph.add(project.value().name(), fresh.get().number());
            if (node.isEmpty()) {
                return Optional.empty();
            }
            target = new Active(node.getAsInt(), new Release(project.value(), fresh.get()), false);
            active.put(key(d.name(), fresh.get().number()), target);
        }
        graph.edge(from, target.node, d.requirements(), d.kind().equals("build") ? "BUILD" : null);
        boolean asksMore = target.ask(want.features(), d.details().defaultFeatures());
        return unified.isEmpty() || asksMore ? Optional.of(target) : Optional.empty();
    }

    /** The active version the requirement accepts in one of the ranges where a version is active already. */
    private static Optional<Active> unify(List<StoredVersion> matching, Map<String, Active> active, String name) {
        for (StoredVersion v : matching) {
            Active a = active.get(key(name, v.number()));
            if (a != null && a.release.version().number().equals(v.number())) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** The highest accepted version in a range where none is active, by what was learned for that range if it can. */
    private static Optional<StoredVersion> fresh(List<StoredVersion> matching, Map<String, Active> active, Hints hints,
                                                 String name) {
        List<StoredVersion> free = matching.stream().filter(v -> !active.containsKey(key(name, v.number()))).toList();
        return free.stream().filter(v -> hints.of(key(name, v.number())).stream()
                        .allMatch(h -> CARGO.requirement(h).isSatisfiedBy(v.number())))
                .findFirst().or(() -> free.stream().findFirst());
    }

    private static void conflict(List<StoredVersion> matching, Map<String, Active> active, Hints hints, Graph graph,
                                 Want want) {
        StoredDependency d = want.dependency();
        if (matching.isEmpty()) {
            graph.problem(want.from().node, d.name(), d.requirements(), "no version of " + d.name()
                    + " that is not yanked satisfies '" + d.requirements() + "'");
            return;
        }
        String range = key(d.name(), matching.getFirst().number());
        hints.learn(range, d.requirements());
        graph.problem(want.from().node, d.name(), d.requirements(), "the version of " + d.name() + " active in its"
                + " compatibility range, " + active.get(range).release.version().number() + ", does not satisfy it");
    }

    private static String key(String name, String version) {
        return Ecosystem.CARGO.normalize(name) + "@" + CARGO.compatibilityRange(version).orElse(version);
    }
}
