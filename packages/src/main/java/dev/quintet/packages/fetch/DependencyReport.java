package dev.quintet.packages.fetch;

import dev.quintet.packages.store.StoredDependency;

/**
 * One dependency with what we know of its target: newest versions, whether the requirement excludes the newest
 * stable one, whether the target is deprecated. Unknown facts are null.
 */
public record DependencyReport(StoredDependency dependency, String latest, String latestStable, Boolean outdated,
                               Boolean deprecated) {
}
