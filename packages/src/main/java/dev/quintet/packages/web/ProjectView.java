package dev.quintet.packages.web;

import com.github.packageurl.MalformedPackageURLException;
import com.github.packageurl.PackageURL;
import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.fetch.ProjectVersions;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A project in Libraries.io's shape, plus {@code purl}, {@code fetched_at} and {@code stale}. */
record ProjectView(String name, String platform, String description, String homepage, String repositoryUrl,
                   List<String> normalizedLicenses, String licenses, List<String> keywords, String language,
                   String status, String latestReleaseNumber, Instant latestReleasePublishedAt,
                   String latestStableReleaseNumber, Instant latestStableReleasePublishedAt, String packageManagerUrl,
                   String purl, Instant fetchedAt, Boolean stale, String staleReason, List<VersionView> versions) {

    static ProjectView of(Ecosystem ecosystem, Lookup lookup) {
        StoredProject p = lookup.project();
        Optional<StoredVersion> latest = ProjectVersions.latest(ecosystem, p);
        Optional<StoredVersion> stable = ProjectVersions.latestStable(ecosystem, p);
        return new ProjectView(p.name(), ecosystem.displayName(), p.description(), p.homepage(), p.repositoryUrl(),
                p.licenses(), p.originalLicenses().isEmpty() ? null : String.join(", ", p.originalLicenses()),
                p.keywords(), ecosystem.defaultLanguage(), p.status(),
                latest.map(StoredVersion::number).orElse(null), latest.map(StoredVersion::publishedAt).orElse(null),
                stable.map(StoredVersion::number).orElse(null), stable.map(StoredVersion::publishedAt).orElse(null),
                ecosystem.packageManagerUrl(p.name()), purl(ecosystem, p.name()), p.fetchedAt(),
                lookup.stale() ? Boolean.TRUE : null, lookup.staleReason(),
                ProjectVersions.ordered(ecosystem, p).stream().map(VersionView::of).toList());
    }

    /**
     * The package's purl; none where the purl specification registers no type for the ecosystem, or (Julia) the type
     * needs a part we do not store (Julia's package UUID, the CPAN author of a distribution). Clojars packages are
     * Maven packages of its repository; conda packages name their channel as a qualifier.
     */
    static String purl(Ecosystem ecosystem, String name) {
        if (ecosystem.purlType() == null || ecosystem == Ecosystem.JULIA || ecosystem == Ecosystem.CPAN) {
            return null;
        }
        String namespace = null;
        String local = name;
        TreeMap<String, String> qualifiers = null;
        if (ecosystem == Ecosystem.CLOJARS) {
            String[] ga = name.split("/", 2);
            namespace = ga[0];
            local = ga.length == 2 ? ga[1] : ga[0];
            qualifiers = new TreeMap<>(Map.of("repository_url", "https://repo.clojars.org"));
        } else if (ecosystem == Ecosystem.CONDA) {
            local = name.substring(name.indexOf('/') + 1);
            qualifiers = new TreeMap<>(Map.of("channel", name.contains("/") ? name.substring(0, name.indexOf('/')) : "conda-forge"));
        } else if (ecosystem == Ecosystem.MAVEN && name.contains(":")) {
            namespace = name.substring(0, name.indexOf(':'));
            local = name.substring(name.indexOf(':') + 1);
        } else if (name.contains("/")) {
            namespace = name.substring(0, name.lastIndexOf('/'));
            local = name.substring(name.lastIndexOf('/') + 1);
        }
        try {
            return new PackageURL(ecosystem.purlType(), namespace, local, null, qualifiers, null).canonicalize();
        } catch (MalformedPackageURLException e) {
            return null;
        }
    }
}
