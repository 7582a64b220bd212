package dev.quintet.packages.resolve;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.PackageSource.Release;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.PypiVersions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * pip: one version per normalised name, the highest release satisfying every specifier met on that name (a
 * pre-release only when one is named or nothing else fits; yanked releases only when pinned with {@code ==};
 * releases whose requires_python excludes the environment never). Markers are evaluated for the environment, with
 * the extras requested of each package. A specifier that rules out a version already picked is learned and the
 * graph resolved again, a bounded number of rounds.
 */
final class PypiStrategy implements ResolutionStrategy {

    private static final PypiVersions PYPI = new PypiVersions();

    private final PythonEnvironment environment;

    PypiStrategy(PythonEnvironment environment) {
        this.environment = environment;
    }

    /** A picked release and the extras asked of it so far. */
    private record Picked(int node, Release release, Set<String> extras) {
    }

    private record Want(Picked from, StoredDependency dependency) {
    }

    @Override
    public Graph resolve(Resolution resolution) {
        return Hints.resolveInRounds(resolution.maxRounds(), hints -> attempt(resolution, hints));
    }

    private Graph attempt(Resolution resolution, Hints hints) {
        PackageSource source = resolution.source();
        Graph graph = resolution.newGraph();
        Map<String, Picked> picks = new HashMap<>();
        Picked root = new Picked(Graph.ROOT, resolution.root(), new HashSet<>());
        picks.put(normalize(resolution.root().project().name()), root);
        List<Picked> level = List.of(root);
        while (!level.isEmpty()) {
            source.prefetchDependencies(level.stream().map(Picked::release).toList());
            List<Want> wants = new ArrayList<>();
            for (Picked picked : level) {
                wants.addAll(wants(graph, source, picked));
            }
            source.prefetchProjects(wants.stream().map(w -> w.dependency().name())
                    .filter(n -> !picks.containsKey(normalize(n))).toList());
            Set<Picked> next = new LinkedHashSet<>();
            for (Want want : wants) {
                place(want, graph, source, picks, hints).ifPresent(next::add);
            }
            level = List.copyOf(next);
        }
        return graph;
    }

    private List<Want> wants(Graph graph, PackageSource source, Picked picked) {
        Fetched<List<StoredDependency>> deps = source.dependencies(picked.release());
        if (!deps.ok()) {
            graph.failed(picked.node(), picked.release().project().name(), null, deps);
            return List.of();
        }
        List<Want> out = new ArrayList<>();
        for (StoredDependency d : deps.value()) {
            String marker = d.details().marker();
            try {
                if (marker == null || Pep508Marker.parse(marker).holds(environment, picked.extras())) {
                    out.add(new Want(picked, d));
                }
            } catch (IllegalArgumentException e) {
                graph.problem(picked.node(), d.name(), d.requirements(), e.getMessage());
            }
        }
        return out;
    }

    /** Resolves one requirement; the release to expand (again, with more extras) when there is one. */
    private Optional<Picked> place(Want want, Graph graph, PackageSource source, Map<String, Picked> picks,
                                          Hints hints) {
        StoredDependency d = want.dependency();
        int from = want.from().node();
        String key = normalize(d.name());
        String spec = specifier(d);
        if (spec.contains("://") || spec.startsWith("git+")) {
            graph.problem(from, d.name(), d.requirements(),
                    "a direct reference to a file or repository, not a version specifier");
            return Optional.empty();
        }
        Picked known = picks.get(key);
        if (known != null) {
            return reuse(known, want, graph, hints);
        }
        Fetched<StoredProject> project = source.project(d.name());
        if (!project.ok()) {
            graph.failed(from, d.name(), d.requirements(), project);
            return Optional.empty();
        }
        Optional<StoredVersion> version;
        try {
            version = pick(project.value(), spec, hints.of(key));
        } catch (IllegalArgumentException e) {
            graph.problem(from, d.name(), d.requirements(), e.getMessage());
            return Optional.empty();
        }
        if (version.isEmpty()) {
            graph.problem(from, d.name(), d.requirements(), "no release of " + project.value().name() + " satisfies '"
                    + d.requirements() + "' and runs on Python " + environment.pythonVersion());
            return Optional.empty();
        }
        OptionalInt node = graph.add(project.value().name(), version.get().number());
        if (node.isEmpty()) {
            return Optional.empty();
        }
        graph.edge(from, node.getAsInt(), d.requirements(), null);
        Picked picked = new Picked(node.getAsInt(), new Release(project.value(), version.get()),
                new HashSet<>(normalized(d.details().extras())));
        picks.put(key, picked);
        return Optional.of(picked);
    }

    private static Optional<Picked> reuse(Picked known, Want want, Graph graph, Hints hints) {
        StoredDependency d = want.dependency();
        String version = known.release().version().number();
        boolean satisfied;
        try {
            satisfied = PYPI.requirement(specifier(d), PYPI.isPrerelease(version)).isSatisfiedBy(version);
        } catch (IllegalArgumentException e) {
            graph.problem(want.from().node(), d.name(), d.requirements(), e.getMessage());
            return Optional.empty();
        }
        if (!satisfied) {
            hints.learn(normalize(d.name()), specifier(d));
            graph.problem(want.from().node(), d.name(), d.requirements(), "no single release of "
                    + known.release().project().name() + " satisfies every requirement on it; " + version
                    + " was picked for another one");
            return Optional.empty();
        }
        graph.edge(want.from().node(), known.node(), d.requirements(), null);
        return known.extras().addAll(normalized(d.details().extras())) ? Optional.of(known) : Optional.empty();
    }

    /** The highest fitting release: by the specifier and what was learned, else by the specifier alone. */
    Optional<StoredVersion> pick(StoredProject project, String spec, List<String> learned) {
        List<String> all = new ArrayList<>(learned);
        all.add(0, spec);
        return highest(project, all, false).or(() -> highest(project, all, true))
                .or(() -> highest(project, List.of(spec), false)).or(() -> highest(project, List.of(spec), true))
                .or(() -> spec.strip().startsWith("==") ? yanked(project, spec) : Optional.empty());
    }

    private Optional<StoredVersion> highest(StoredProject project, List<String> specs, boolean prereleases) {
        var accepts = specs.stream().map(s -> PYPI.requirement(s, prereleases)).toList();
        return Candidates.matching(project, PYPI, n -> accepts.stream().allMatch(a -> a.isSatisfiedBy(n))).stream()
                .filter(v -> !Candidates.isYanked(v) && runsHere(v)).findFirst();
    }

    private Optional<StoredVersion> yanked(StoredProject project, String spec) {
        var accepts = PYPI.requirement(spec, true);
        return Candidates.matching(project, PYPI, accepts::isSatisfiedBy).stream().filter(this::runsHere).findFirst();
    }

    private boolean runsHere(StoredVersion version) {
        if (version.requiresPython() == null) {
            return true;
        }
        try {
            return PYPI.requirement(version.requiresPython(), true).isSatisfiedBy(environment.pythonVersion());
        } catch (IllegalArgumentException unreadable) {
            return true;
        }
    }

    /** The version specifier of a requirement; empty for any version. */
    private static String specifier(StoredDependency d) {
        return d.requirements().equals("*") ? "" : d.requirements();
    }

    private static Set<String> normalized(List<String> extras) {
        Set<String> out = new HashSet<>();
        extras.forEach(e -> out.add(normalize(e)));
        return out;
    }

    private static String normalize(String name) {
        return Ecosystem.PYPI.normalize(name);
    }
}
