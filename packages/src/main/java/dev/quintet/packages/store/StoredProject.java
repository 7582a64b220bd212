package dev.quintet.packages.store;

import java.time.Instant;
import java.util.List;

/** A project as stored, with its versions (in no particular order). */
public record StoredProject(long id, String platform, String name, String normalizedName, String description,
                            String homepage, String repositoryUrl, List<String> licenses,
                            List<String> originalLicenses, List<String> keywords, String status, Instant fetchedAt,
                            String etag, String lastModified, List<StoredVersion> versions) {
}
