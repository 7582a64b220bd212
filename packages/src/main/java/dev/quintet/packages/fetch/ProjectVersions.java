package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.VersionScheme;
import dev.quintet.platform.errors.ApiException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A project's versions in the ecosystem's order, and its latest and latest stable (yanked ones never count). */
public final class ProjectVersions {

    private ProjectVersions() {
    }

    /** Oldest first by the ecosystem's rules. */
    public static List<StoredVersion> ordered(Ecosystem ecosystem, StoredProject project) {
        return ecosystem.versions().sort(project.versions(), StoredVersion::number);
    }

    public static Optional<StoredVersion> latest(Ecosystem ecosystem, StoredProject project) {
        VersionScheme scheme = ecosystem.versions();
        return candidates(project).filter(v -> scheme.isValid(v.number()))
                .max(Comparator.comparing(StoredVersion::number, scheme));
    }

    public static Optional<StoredVersion> latestStable(Ecosystem ecosystem, StoredProject project) {
        VersionScheme scheme = ecosystem.versions();
        return candidates(project).filter(v -> scheme.isValid(v.number()) && !scheme.isPrerelease(v.number()))
                .max(Comparator.comparing(StoredVersion::number, scheme));
    }

    private static java.util.stream.Stream<StoredVersion> candidates(StoredProject project) {
        return project.versions().stream().filter(v -> !"yanked".equals(v.status()));
    }

    /** The version a path names: {@code latest} (newest stable, else newest), or a number, exact or equivalent. */
    public static StoredVersion resolve(Ecosystem ecosystem, StoredProject project, String requested) {
        if ("latest".equalsIgnoreCase(requested)) {
            return latestStable(ecosystem, project).or(() -> latest(ecosystem, project)).orElseThrow(() ->
                    ApiException.notFound(project.name() + " has no released version"));
        }
        VersionScheme scheme = ecosystem.versions();
        return project.versions().stream().filter(v -> v.number().equals(requested)).findFirst()
                .or(() -> project.versions().stream().filter(v -> scheme.isEquivalent(v.number(), requested)).findFirst())
                .orElseThrow(() -> ApiException.notFound(project.name() + " has no version '" + requested
                        + "'; use 'latest' or one of the numbers listed for the project"));
    }
}
