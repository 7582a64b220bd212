package dev.quintet.packages.web;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.ResolvedGraph;
import java.util.List;

/** A resolved dependency graph as answered: the platform, then the graph's own fields. */
record TreeView(String platform, String name, String version, List<ResolvedGraph.Node> nodes,
                List<ResolvedGraph.Edge> edges, List<ResolvedGraph.Problem> errors, boolean complete) {

    static TreeView of(Ecosystem ecosystem, ResolvedGraph graph) {
        return new TreeView(ecosystem.displayName(), graph.name(), graph.version(), graph.nodes(), graph.edges(),
                graph.errors(), graph.complete());
    }
}
