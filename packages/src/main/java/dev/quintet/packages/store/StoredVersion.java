package dev.quintet.packages.store;

import java.time.Instant;

/** One stored version; {@code dependenciesFetchedAt} is null until its dependencies are known. */
public record StoredVersion(String number, Instant publishedAt, String originalLicense, String spdxExpression,
                            String status, Instant dependenciesFetchedAt) {
}
