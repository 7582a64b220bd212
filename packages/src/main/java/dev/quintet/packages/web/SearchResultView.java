package dev.quintet.packages.web;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.ProjectSummary;
import java.time.Instant;
import java.util.List;

/** One search result: the project's fields as in the project answer, without versions. */
record SearchResultView(String name, String platform, String description, String homepage, String repositoryUrl,
                        List<String> normalizedLicenses, List<String> keywords, String language, String status,
                        String latestReleaseNumber, Instant latestReleasePublishedAt,
                        String latestStableReleaseNumber, String packageManagerUrl, long dependentsCount,
                        String purl) {

    static SearchResultView of(Ecosystem ecosystem, ProjectSummary p) {
        return new SearchResultView(p.name(), ecosystem.displayName(), p.description(), p.homepage(),
                p.repositoryUrl(), p.licenses(), p.keywords(), ecosystem.defaultLanguage(), p.status(),
                p.latestReleaseNumber(), p.latestReleasePublishedAt(), p.latestStableReleaseNumber(),
                ecosystem.packageManagerUrl(p.name()), p.dependentsCount(), PackageUrls.of(ecosystem, p.name()));
    }
}
