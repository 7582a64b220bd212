package dev.quintet.packages.resolve;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a crate version's features turn on, by the Cargo book's rules: a feature enables other features,
 * optional dependencies ({@code dep:name}, or the implicit feature {@code name} when no {@code dep:name} appears in
 * the table) and features of dependencies ({@code name/feature}, which also enables an optional {@code name};
 * {@code name?/feature} only when {@code name} is on anyway).
 *
 * @param dependencies the optional dependencies turned on
 * @param dependencyFeatures features to turn on in each dependency, when that dependency is on
 */
record CargoFeatures(Set<String> dependencies, Map<String, Set<String>> dependencyFeatures) {

    static CargoFeatures of(Map<String, List<String>> table, Set<String> optionalDependencies,
                            Collection<String> requested, boolean defaults) {
        Set<String> explicit = new HashSet<>();
        table.values().forEach(items -> items.stream().filter(i -> i.startsWith("dep:"))
                .forEach(i -> explicit.add(i.substring(4))));
        Deque<String> queue = new ArrayDeque<>(requested);
        if (defaults) {
            queue.add("default");
        }
        Set<String> seen = new HashSet<>();
        Set<String> on = new HashSet<>();
        Map<String, Set<String>> features = new HashMap<>();
        while (!queue.isEmpty()) {
            String feature = queue.poll();
            if (!seen.add(feature)) {
                continue;
            }
            List<String> items = table.get(feature);
            if (items != null) {
                items.forEach(item -> enable(item, optionalDependencies, on, features, queue));
            } else if (feature.contains("/")) {
                enable(feature, optionalDependencies, on, features, queue);
            } else if (optionalDependencies.contains(feature) && !explicit.contains(feature)) {
                on.add(feature);
            }
        }
        return new CargoFeatures(Set.copyOf(on), Map.copyOf(features));
    }

    private static void enable(String item, Set<String> optionalDependencies, Set<String> on,
                               Map<String, Set<String>> features, Deque<String> queue) {
        if (item.startsWith("dep:")) {
            on.add(item.substring(4));
            return;
        }
        int slash = item.indexOf('/');
        if (slash < 0) {
            queue.add(item);
            return;
        }
        String dependency = item.substring(0, slash);
        boolean weak = dependency.endsWith("?");
        dependency = weak ? dependency.substring(0, dependency.length() - 1) : dependency;
        if (!weak && optionalDependencies.contains(dependency)) {
            on.add(dependency);
        }
        features.computeIfAbsent(dependency, d -> new HashSet<>()).add(item.substring(slash + 1));
    }

    Set<String> featuresOf(String dependency) {
        return dependencyFeatures.getOrDefault(dependency, Set.of());
    }
}
