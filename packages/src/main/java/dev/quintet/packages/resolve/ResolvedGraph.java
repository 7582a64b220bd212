package dev.quintet.packages.resolve;

import java.util.List;

/**
 * A resolved dependency graph: node 0 is the root; edges name nodes by index.
 *
 * @param errors the limits that stopped the resolution short; null when none did
 * @param complete false when a limit left part of the graph unresolved
 */
public record ResolvedGraph(String name, String version, List<Node> nodes, List<Edge> edges, List<Problem> errors,
                            boolean complete) {

    /** How a node relates to the root; a node both direct and indirect is direct. */
    public enum Relation { SELF, DIRECT, INDIRECT }

    /** One package version in the graph, with the requirements of its own it could not resolve (null when none). */
    public record Node(String name, String version, Relation relation, List<Problem> errors) {
    }

    /**
     * One resolved requirement.
     *
     * @param kind how the dependency is declared when not an ordinary runtime one ({@code PEER}, {@code OPTIONAL},
     *             {@code BUILD}, {@code RUNTIME}, {@code TEST}, {@code PROVIDED}...); null otherwise
     */
    public record Edge(int fromNode, int toNode, String requirement, String kind) {
    }

    /** A requirement that could not be resolved, or a limit that was reached, and why. */
    public record Problem(String name, String requirement, String message) {
    }
}
