package dev.quintet.packages.versions;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Picks "latest" and "latest stable" from version numbers by the ecosystem's order, never by text order. */
public final class Releases {

    private Releases() {
    }

    /** Oldest first, in the scheme's order. */
    public static List<String> sorted(Collection<String> versions, VersionScheme scheme) {
        return scheme.sort(versions, v -> v);
    }

    /** The highest number the scheme can read, pre-releases included. */
    public static Optional<String> latest(Collection<String> versions, VersionScheme scheme) {
        return versions.stream().filter(scheme::isValid).max(scheme);
    }

    /** The highest valid number that is not a pre-release. */
    public static Optional<String> latestStable(Collection<String> versions, VersionScheme scheme) {
        return versions.stream().filter(scheme::isValid).filter(v -> !scheme.isPrerelease(v)).max(scheme);
    }
}
