package dev.quintet.packages.resolve;

import dev.quintet.packages.resolve.ResolvedGraph.Edge;
import dev.quintet.packages.resolve.ResolvedGraph.Node;
import dev.quintet.packages.resolve.ResolvedGraph.Problem;
import dev.quintet.packages.resolve.ResolvedGraph.Relation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/** A graph being resolved: one node per (name, version), edges without duplicates, problems, and the node limit. */
final class Graph {

    static final int ROOT = 0;

    /** What can stop a resolution short. */
    enum Limit { NODES, FETCHES, ROUNDS }

    private record Key(String name, String version) {
    }

    private record EdgeKey(int from, int to, String kind) {
    }

    private final int maxNodes;
    private final List<Key> nodes = new ArrayList<>();
    private final Map<Key, Integer> indexes = new HashMap<>();
    private final Map<Integer, Set<Problem>> nodeProblems = new HashMap<>();
    private final List<Edge> edges = new ArrayList<>();
    private final Set<EdgeKey> edgeKeys = new HashSet<>();
    private final Map<Limit, Problem> limits = new EnumMap<>(Limit.class);

    Graph(String rootName, String rootVersion, int maxNodes) {
        this.maxNodes = maxNodes;
        add(rootName, rootVersion);
    }

    /** The node of this name and version, added when new; empty when the node limit keeps it out. */
    OptionalInt add(String name, String version) {
        Key key = new Key(name, version);
        Integer known = indexes.get(key);
        if (known != null) {
            return OptionalInt.of(known);
        }
        if (nodes.size() >= maxNodes) {
            limit(Limit.NODES, name, null, "the graph reached its limit of " + maxNodes + " nodes; " + name + " "
                    + version + " and what it needs are left out");
            return OptionalInt.empty();
        }
        nodes.add(key);
        indexes.put(key, nodes.size() - 1);
        return OptionalInt.of(nodes.size() - 1);
    }

    String name(int node) {
        return nodes.get(node).name();
    }

    String version(int node) {
        return nodes.get(node).version();
    }

    void edge(int from, int to, String requirement, String kind) {
        if (edgeKeys.add(new EdgeKey(from, to, kind))) {
            edges.add(new Edge(from, to, requirement, kind));
        }
    }

    /** A requirement of {@code node} that could not be resolved. */
    void problem(int node, String name, String requirement, String message) {
        nodeProblems.computeIfAbsent(node, n -> new LinkedHashSet<>()).add(new Problem(name, requirement, message));
    }

    /** A look-up for {@code node}'s requirement gave nothing: a problem of the node, or a limit reached. */
    void failed(int node, String name, String requirement, Fetched<?> fetched) {
        if (fetched.limited()) {
            limit(Limit.FETCHES, name, requirement, fetched.problem());
        } else {
            problem(node, name, requirement, fetched.problem());
        }
    }

    /** A limit was reached: the graph is incomplete. Only the first report of each limit is kept. */
    void limit(Limit limit, String name, String requirement, String message) {
        limits.putIfAbsent(limit, new Problem(name, requirement, message));
    }

    boolean isComplete() {
        return limits.isEmpty();
    }

    ResolvedGraph result() {
        Set<Integer> direct = new HashSet<>();
        edges.stream().filter(e -> e.fromNode() == ROOT).forEach(e -> direct.add(e.toNode()));
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            Relation relation = i == ROOT ? Relation.SELF : direct.contains(i) ? Relation.DIRECT : Relation.INDIRECT;
            Set<Problem> problems = nodeProblems.get(i);
            out.add(new Node(name(i), version(i), relation, problems == null ? null : List.copyOf(problems)));
        }
        return new ResolvedGraph(name(ROOT), version(ROOT), out, List.copyOf(edges),
                limits.isEmpty() ? null : List.copyOf(limits.values()), limits.isEmpty());
    }
}
