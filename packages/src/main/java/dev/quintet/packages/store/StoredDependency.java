package dev.quintet.packages.store;

import dev.quintet.packages.registry.DependencyDetails;

/**
 * One stored dependency of a version, with the ecosystem's further facts about it.
 *
 * @param declared the dependency as the package wrote it (Debian relations with alternatives), or null
 */
public record StoredDependency(String name, String platform, String requirements, String kind, boolean optional,
                               DependencyDetails details, String declared) {
}
