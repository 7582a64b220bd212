package dev.quintet.packages.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One stored version; {@code dependenciesFetchedAt} is null until its dependencies are known.
 *
 * @param features Cargo's feature table; null when not known
 * @param requiresPython PyPI's requires_python specifier; null when none is known
 */
public record StoredVersion(String number, Instant publishedAt, String originalLicense, String spdxExpression,
                            String status, Instant dependenciesFetchedAt, Map<String, List<String>> features,
                            String requiresPython) {

    /** The same version with its dependencies known as of {@code at}. */
    public StoredVersion withDependenciesFetchedAt(Instant at) {
        return new StoredVersion(number, publishedAt, originalLicense, spdxExpression, status, at, features,
                requiresPython);
    }
}
