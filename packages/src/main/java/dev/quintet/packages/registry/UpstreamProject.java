package dev.quintet.packages.registry;

import java.util.List;

/**
 * A project as an upstream describes it; licences are raw text, normalised later.
 *
 * @param defaultVersion the version the registry itself marks as the one to install (npm's {@code latest}
 *                       dist-tag); null when it marks none
 */
public record UpstreamProject(String name, String description, String homepage, String repositoryUrl,
                              List<String> licenses, List<String> keywords, String status,
                              List<UpstreamVersion> versions, String defaultVersion) {

    public UpstreamProject {
        licenses = licenses == null ? List.of() : List.copyOf(licenses);
        keywords = keywords == null ? List.of() : keywords.stream().filter(k -> k != null && !k.isBlank()).distinct().toList();
        versions = List.copyOf(versions);
        status = status == null ? "active" : status;
    }

    public UpstreamProject(String name, String description, String homepage, String repositoryUrl,
                           List<String> licenses, List<String> keywords, String status,
                           List<UpstreamVersion> versions) {
        this(name, description, homepage, repositoryUrl, licenses, keywords, status, versions, null);
    }
}
