package dev.quintet.packages.store;

/** One stored dependency of a version. */
public record StoredDependency(String name, String platform, String requirements, String kind, boolean optional) {
}
