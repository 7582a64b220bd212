package dev.quintet.packages.resolve;

import dev.quintet.packages.resolve.PackageSource.Release;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.MavenVersions;
import dev.quintet.packages.versions.VersionRequirement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Maven 3: breadth first, nearest wins (at equal depth the first declaration), one version per groupId:artifactId.
 * The root's dependencies enter by the scopes asked for; below the root only compile and runtime dependencies are
 * followed, optional ones are not, exclusions hold for the whole subtree below the dependency declaring them, and the
 * root's dependencyManagement (with its parents' and imported BOMs') sets versions, scopes and exclusions of
 * transitive dependencies. A range picks the highest version listed that it contains.
 */
final class MavenStrategy implements ResolutionStrategy {

    private static final MavenVersions MAVEN = new MavenVersions();
    private static final Set<String> TRANSITIVE = Set.of("compile", "runtime");

    private record Placed(int node, Release release, String scope, MavenExclusions exclusions) {
    }

    private record Want(Placed from, StoredDependency dependency, String requirement, String scope,
                        MavenExclusions exclusions) {
    }

    @Override
    public Graph resolve(Resolution resolution) {
        PackageSource source = resolution.source();
        Graph graph = resolution.newGraph();
        Map<String, StoredDependency> managed = management(source.managed(resolution.root()));
        Map<String, Integer> chosen = new HashMap<>();
        chosen.put(resolution.root().project().name(), Graph.ROOT);
        List<Placed> level = List.of(new Placed(Graph.ROOT, resolution.root(), "compile", MavenExclusions.NONE));
        while (!level.isEmpty()) {
            source.prefetchDependencies(level.stream().map(Placed::release).toList());
            List<Want> wants = new ArrayList<>();
            for (Placed placed : level) {
                wants.addAll(wants(graph, source, placed, managed, resolution.mavenScopes()));
            }
            source.prefetchProjects(wants.stream().map(w -> w.dependency().name())
                    .filter(n -> !chosen.containsKey(n)).toList());
            List<Placed> next = new ArrayList<>();
            for (Want want : wants) {
                place(want, graph, source, chosen).ifPresent(next::add);
            }
            level = next;
        }
        return graph;
    }

    private static Map<String, StoredDependency> management(List<StoredDependency> entries) {
        Map<String, StoredDependency> byName = new HashMap<>();
        entries.forEach(m -> byName.putIfAbsent(m.name(), m));
        return byName;
    }

    private static List<Want> wants(Graph graph, PackageSource source, Placed placed,
                                    Map<String, StoredDependency> managed, Set<String> rootScopes) {
        Fetched<List<StoredDependency>> deps = source.dependencies(placed.release());
        if (!deps.ok()) {
            graph.failed(placed.node(), placed.release().project().name(), null, deps);
            return List.of();
        }
        boolean isRoot = placed.node() == Graph.ROOT;
        List<Want> out = new ArrayList<>();
        for (StoredDependency d : deps.value()) {
            if (placed.exclusions().excludes(d.name()) || (!isRoot && d.optional())) {
                continue;
            }
            String declaredScope = d.details().scope() == null ? "compile" : d.details().scope();
            StoredDependency m = isRoot ? null : managed.get(d.name());
            String scope = m != null && m.details().scope() != null ? m.details().scope() : declaredScope;
            if (isRoot ? !rootScopes.contains(scope) : !TRANSITIVE.contains(scope)) {
                continue;
            }
            String requirement = m != null && !m.requirements().equals("*") ? m.requirements() : d.requirements();
            MavenExclusions exclusions = placed.exclusions().with(d.details().exclusions())
                    .with(m == null ? List.of() : m.details().exclusions());
            out.add(new Want(placed, d, requirement, isRoot ? scope : inherited(placed.scope(), scope), exclusions));
        }
        return out;
    }

    /** The scope a transitive dependency gets from the scope of the path to its dependent (compile or runtime). */
    private static String inherited(String pathScope, String scope) {
        return pathScope.equals("compile") ? scope : pathScope;
    }

    private static Optional<Placed> place(Want want, Graph graph, PackageSource source, Map<String, Integer> chosen) {
        String name = want.dependency().name();
        String kind = want.scope().equals("compile") ? null : want.scope().toUpperCase(Locale.ROOT);
        int from = want.from().node();
        Integer nearer = chosen.get(name);
        if (nearer != null) {
            graph.edge(from, nearer, want.requirement(), kind);
            return Optional.empty();
        }
        Fetched<StoredProject> project = source.project(name);
        if (!project.ok()) {
            graph.failed(from, name, want.requirement(), project);
            return Optional.empty();
        }
        Optional<StoredVersion> version;
        try {
            version = pick(project.value(), want.requirement());
        } catch (IllegalArgumentException e) {
            graph.problem(from, name, want.requirement(), e.getMessage());
            return Optional.empty();
        }
        if (version.isEmpty()) {
            graph.problem(from, name, want.requirement(), "no version of " + name + " listed in the repository matches '"
                    + want.requirement() + "'");
            return Optional.empty();
        }
        OptionalInt node = graph.add(project.value().name(), version.get().number());
        if (node.isEmpty()) {
            return Optional.empty();
        }
        chosen.put(name, node.getAsInt());
        graph.edge(from, node.getAsInt(), want.requirement(), kind);
        return Optional.of(new Placed(node.getAsInt(), new Release(project.value(), version.get()), want.scope(),
                want.exclusions()));
    }

    /** The version a requirement names: the highest listed one a range contains, or the one a plain version is. */
    static Optional<StoredVersion> pick(StoredProject project, String requirement) {
        if (requirement.equals("*")) {
            throw new IllegalArgumentException("no version is declared or managed");
        }
        VersionRequirement accepts = MAVEN.requirement(requirement);
        return Candidates.matching(project, MAVEN, accepts::isSatisfiedBy).stream().findFirst();
    }
}
