package dev.quintet.packages.registry;

import java.time.Instant;
import java.util.List;

/**
 * One version as an upstream describes it.
 *
 * @param status null, {@code yanked} or {@code deprecated}
 * @param dependencies null when the project document does not carry them (fetched per version on demand)
 */
public record UpstreamVersion(String number, Instant publishedAt, String license, String status,
                              List<UpstreamDependency> dependencies) {
}
