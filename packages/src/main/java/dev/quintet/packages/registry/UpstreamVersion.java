package dev.quintet.packages.registry;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One version as an upstream describes it.
 *
 * @param status null, {@code yanked} or {@code deprecated}
 * @param dependencies null when the project document does not carry them (fetched per version on demand)
 * @param features Cargo's feature table (feature name to what it enables); null elsewhere
 * @param requiresPython PyPI's {@code requires_python} specifier of the release; null when none is declared
 */
public record UpstreamVersion(String number, Instant publishedAt, String license, String status,
                              List<UpstreamDependency> dependencies, Map<String, List<String>> features,
                              String requiresPython) {

    public UpstreamVersion(String number, Instant publishedAt, String license, String status,
                           List<UpstreamDependency> dependencies) {
        this(number, publishedAt, license, status, dependencies, null, null);
    }
}
