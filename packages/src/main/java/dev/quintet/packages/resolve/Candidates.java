package dev.quintet.packages.resolve;

import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.versions.VersionScheme;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/** A project's versions that a requirement accepts, highest first by the ecosystem's order. */
final class Candidates {

    private Candidates() {
    }

    static List<StoredVersion> matching(StoredProject project, VersionScheme scheme, Predicate<String> accepts) {
        return project.versions().stream().filter(v -> scheme.isValid(v.number()) && accepts.test(v.number()))
                .sorted(Comparator.comparing(StoredVersion::number, scheme).reversed()).toList();
    }

    static boolean isYanked(StoredVersion version) {
        return "yanked".equals(version.status());
    }

    static boolean isDeprecated(StoredVersion version) {
        return "deprecated".equals(version.status());
    }
}
