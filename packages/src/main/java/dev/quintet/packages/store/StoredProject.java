package dev.quintet.packages.store;

import java.time.Instant;
import java.util.List;

/**
 * A project as stored, with its versions (in no particular order).
 *
 * @param defaultVersion the version the registry marks as the one to install (npm's latest dist-tag), or null
 */
public record StoredProject(long id, String platform, String name, String normalizedName, String description,
                            String homepage, String repositoryUrl, List<String> licenses,
                            List<String> originalLicenses, List<String> keywords, String status, Instant fetchedAt,
                            String etag, String lastModified, String defaultVersion, List<StoredVersion> versions) {
}
