package dev.quintet.packages.registry;

/**
 * One declared dependency.
 *
 * @param kind runtime, development, optional, peer, build or test
 */
public record UpstreamDependency(String name, String requirements, String kind, boolean optional) {
}
