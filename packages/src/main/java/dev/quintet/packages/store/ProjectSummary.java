package dev.quintet.packages.store;

import java.time.Instant;
import java.util.List;

/** A stored project without its versions, with its latest releases and how many stored projects depend on it. */
public record ProjectSummary(String platform, String name, String description, String homepage, String repositoryUrl,
                             List<String> licenses, List<String> keywords, String status, String latestReleaseNumber,
                             Instant latestReleasePublishedAt, String latestStableReleaseNumber,
                             long dependentsCount) {
}
