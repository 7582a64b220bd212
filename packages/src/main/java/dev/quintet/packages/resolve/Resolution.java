package dev.quintet.packages.resolve;

import dev.quintet.packages.resolve.PackageSource.Release;
import java.util.Set;

/**
 * One resolution to run: the root release, where packages come from, and its bounds.
 *
 * @param mavenScopes the scopes of the root's own Maven dependencies that enter the graph
 */
record Resolution(Release root, PackageSource source, int maxNodes, int maxRounds, Set<String> mavenScopes) {

    Graph newGraph() {
        return new Graph(root.project().name(), root.version().number(), maxNodes);
    }
}
