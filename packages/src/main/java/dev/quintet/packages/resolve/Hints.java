package dev.quintet.packages.resolve;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Requirements learned from conflicts, by the key a resolution keeps one version under: the next attempt picks,
 * for that key, a version satisfying them too. Resolving again with what was learned, until nothing new is learned
 * or the rounds run out, is the bounded backtracking of the PyPI and Cargo strategies.
 */
final class Hints {

    private final Map<String, Set<String>> byKey = new HashMap<>();
    private boolean learned;

    List<String> of(String key) {
        return List.copyOf(byKey.getOrDefault(key, Set.of()));
    }

    /** Records a requirement the version picked for {@code key} did not satisfy; false when known already. */
    boolean learn(String key, String requirement) {
        boolean isNew = byKey.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(requirement);
        learned |= isNew;
        return isNew;
    }

    /** Runs attempts while the previous one learned something, at most {@code maxRounds} of them. */
    static Graph resolveInRounds(int maxRounds, Function<Hints, Graph> attempt) {
        Hints hints = new Hints();
        Graph graph = null;
        for (int round = 1; round <= maxRounds; round++) {
            hints.learned = false;
            graph = attempt.apply(hints);
            if (!hints.learned) {
                return graph;
            }
        }
        graph.limit(Graph.Limit.ROUNDS, graph.name(Graph.ROOT), null, "conflicting requirements were still being"
                + " re-picked after " + maxRounds + " rounds; the versions shown are from the last round");
        return graph;
    }
}
