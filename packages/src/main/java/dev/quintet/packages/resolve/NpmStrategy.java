package dev.quintet.packages.resolve;

import dev.quintet.packages.resolve.PackageSource.Release;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.NpmVersions;
import dev.quintet.packages.versions.VersionRequirement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * npm (v7 and later): breadth first from the root, each requirement reuses the version of the package already
 * placed at the top of node_modules when that version satisfies it, else it gets its own version (nested). A
 * version is picked as npm picks one: the {@code latest} dist-tag when it satisfies the range, else the highest
 * satisfying version, deprecated ones last; pre-releases only when the range names one. Runtime, optional and peer
 * dependencies are followed, development ones never; an optional peer is only linked to a package placed anyway.
 */
final class NpmStrategy implements ResolutionStrategy {

    private static final NpmVersions NPM = new NpmVersions();

    private record Placed(int node, Release release) {
    }

    private record Want(int from, StoredDependency dependency, NpmSpec spec) {
    }

    @Override
    public Graph resolve(Resolution resolution) {
        PackageSource source = resolution.source();
        Graph graph = resolution.newGraph();
        Map<String, Placed> topLevel = new HashMap<>();
        Set<Integer> scheduled = new HashSet<>(Set.of(Graph.ROOT));
        List<Want> optionalPeers = new ArrayList<>();
        List<Placed> level = List.of(new Placed(Graph.ROOT, resolution.root()));
        while (!level.isEmpty()) {
            source.prefetchDependencies(level.stream().map(Placed::release).toList());
            List<Want> wants = new ArrayList<>();
            for (Placed placed : level) {
                wants(graph, source, placed, wants, optionalPeers);
            }
            source.prefetchProjects(wants.stream().filter(w -> !satisfiedAtTop(w, topLevel))
                    .map(w -> w.spec().name()).toList());
            List<Placed> next = new ArrayList<>();
            for (Want want : wants) {
                place(want, graph, source, topLevel).filter(p -> scheduled.add(p.node())).ifPresent(next::add);
            }
            level = next;
        }
        for (Want peer : optionalPeers) {
            Placed top = topLevel.get(peer.spec().name());
            if (top != null && satisfies(top.release(), peer.spec())) {
                graph.edge(peer.from(), top.node(), peer.dependency().requirements(), "PEER");
            }
        }
        return graph;
    }

    private static void wants(Graph graph, PackageSource source, Placed placed, List<Want> wants, List<Want> optionalPeers) {
        Fetched<List<StoredDependency>> deps = source.dependencies(placed.release());
        if (!deps.ok()) {
            graph.failed(placed.node(), placed.release().project().name(), null, deps);
            return;
        }
        for (StoredDependency d : deps.value()) {
            Want want = new Want(placed.node(), d, NpmSpec.of(d.name(), d.requirements()));
            Optional<String> unreadable = want.spec().problem();
            if (unreadable.isPresent() && !d.kind().equals("development")) {
                graph.problem(placed.node(), d.name(), d.requirements(), unreadable.get());
            } else if (d.kind().equals("peer") && d.optional()) {
                optionalPeers.add(want);
            } else if (!d.kind().equals("development")) {
                wants.add(want);
            }
        }
    }

    /** Places what one requirement resolves to, unless the package placed at the top satisfies it. */
    private static Optional<Placed> place(Want want, Graph graph, PackageSource source, Map<String, Placed> topLevel) {
        NpmSpec spec = want.spec();
        String requirement = want.dependency().requirements();
        String kind = kind(want.dependency());
        Placed top = topLevel.get(spec.name());
        if (top != null && satisfies(top.release(), spec)) {
            graph.edge(want.from(), top.node(), requirement, kind);
            return Optional.empty();
        }
        Fetched<StoredProject> project = source.project(spec.name());
        if (!project.ok()) {
            graph.failed(want.from(), spec.name(), requirement, project);
            return Optional.empty();
        }
        Optional<StoredVersion> chosen = pick(project.value(), spec);
        if (chosen.isEmpty()) {
            graph.problem(want.from(), spec.name(), requirement, spec.isTag()
                    ? "dist-tag '" + spec.range() + "' is not known; of the tags only 'latest' is"
                    : "no version of " + spec.name() + " satisfies '" + spec.range() + "'");
            return Optional.empty();
        }
        OptionalInt node = graph.add(project.value().name(), chosen.get().number());
        if (node.isEmpty()) {
            return Optional.empty();
        }
        graph.edge(want.from(), node.getAsInt(), requirement, kind);
        Placed placed = new Placed(node.getAsInt(), new Release(project.value(), chosen.get()));
        topLevel.putIfAbsent(spec.name(), placed);
        return Optional.of(placed);
    }

    /** The version npm installs for a readable spec, or empty when none fits. */
    static Optional<StoredVersion> pick(StoredProject project, NpmSpec spec) {
        Optional<StoredVersion> tagged = Optional.ofNullable(project.defaultVersion())
                .flatMap(n -> project.versions().stream().filter(v -> v.number().equals(n)).findFirst());
        if (spec.isTag()) {
            return spec.range().equals("latest") ? tagged : Optional.empty();
        }
        VersionRequirement requirement = NPM.requirement(spec.range());
        if (tagged.isPresent() && !Candidates.isDeprecated(tagged.get())
                && (spec.isAny() || requirement.isSatisfiedBy(tagged.get().number()))) {
            return tagged;
        }
        List<StoredVersion> matching = Candidates.matching(project, NPM, requirement::isSatisfiedBy);
        return matching.stream().filter(v -> !Candidates.isDeprecated(v)).findFirst()
                .or(() -> matching.stream().findFirst());
    }

    private static boolean satisfies(Release placed, NpmSpec spec) {
        String version = placed.version().number();
        if (spec.isTag()) {
            return version.equals(placed.project().defaultVersion()) && spec.range().equals("latest");
        }
        return spec.isAny() && version.equals(placed.project().defaultVersion())
                || NPM.requirement(spec.range()).isSatisfiedBy(version);
    }

    private static boolean satisfiedAtTop(Want want, Map<String, Placed> topLevel) {
        Placed top = topLevel.get(want.spec().name());
        return top != null && satisfies(top.release(), want.spec());
    }

    private static String kind(StoredDependency d) {
        return switch (d.kind()) {
            case "optional" -> "OPTIONAL";
            case "peer" -> "PEER";
            default -> null;
        };
    }
}
