package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.fetch.ProjectVersions;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A project in Libraries.io's shape (with {@code dependents_count}), plus {@code purl}, {@code fetched_at} and {@code stale}. */
record ProjectView(String name, String platform, String description, String homepage, String repositoryUrl,
                   List<String> normalizedLicenses, String licenses, List<String> keywords, String language,
                   String status, String latestReleaseNumber, Instant latestReleasePublishedAt,
                   String latestStableReleaseNumber, Instant latestStableReleasePublishedAt, String packageManagerUrl,
                   long dependentsCount, String purl, Instant fetchedAt, Boolean stale, String staleReason,
                   List<VersionView> versions) {

    /** The project as looked up, with the number of its dependents (as {@code /dependents} lists them). */
    static ProjectView of(Ecosystem ecosystem, Lookup lookup, long dependentsCount) {
        StoredProject p = lookup.project();
        Optional<StoredVersion> latest = ProjectVersions.latest(ecosystem, p);
        Optional<StoredVersion> stable = ProjectVersions.latestStable(ecosystem, p);
        return new ProjectView(p.name(), ecosystem.displayName(), p.description(), p.homepage(), p.repositoryUrl(),
                p.licenses(), p.originalLicenses().isEmpty() ? null : String.join(", ", p.originalLicenses()),
                p.keywords(), ecosystem.defaultLanguage(), p.status(),
                latest.map(StoredVersion::number).orElse(null), latest.map(StoredVersion::publishedAt).orElse(null),
                stable.map(StoredVersion::number).orElse(null), stable.map(StoredVersion::publishedAt).orElse(null),
                ecosystem.packageManagerUrl(p.name()), dependentsCount, PackageUrls.of(ecosystem, p.name()),
                p.fetchedAt(), lookup.stale() ? Boolean.TRUE : null, lookup.staleReason(),
                ProjectVersions.ordered(ecosystem, p).stream().map(VersionView::of).toList());
    }
}
