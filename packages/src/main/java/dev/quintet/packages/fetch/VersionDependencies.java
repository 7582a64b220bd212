package dev.quintet.packages.fetch;

import java.util.List;

/** The dependencies of one resolved version of a project. */
public record VersionDependencies(String version, List<DependencyReport> dependencies) {
}
