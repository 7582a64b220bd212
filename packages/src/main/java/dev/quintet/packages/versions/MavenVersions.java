package dev.quintet.packages.versions;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.maven.artifact.versioning.ComparableVersion;
import org.apache.maven.artifact.versioning.DefaultArtifactVersion;
import org.apache.maven.artifact.versioning.InvalidVersionSpecificationException;
import org.apache.maven.artifact.versioning.VersionRange;

/**
 * Maven: {@link ComparableVersion} order; ranges such as {@code [1.0,2.0)} by {@link VersionRange}. A bare version
 * ("soft" requirement) is satisfied by that version only.
 */
public final class MavenVersions extends ParsedScheme<ComparableVersion> {

    private static final Set<String> PRE_QUALIFIERS = Set.of(
            "alpha", "a", "beta", "b", "milestone", "m", "rc", "cr", "snapshot", "preview", "ea", "dev", "pre", "incubating");

    @Override
    Optional<ComparableVersion> parse(String version) {
        if (version == null || version.isBlank() || version.strip().contains(" ")) {
            return Optional.empty();
        }
        return Optional.of(new ComparableVersion(version.strip()));
    }

    @Override
    public boolean isPrerelease(String version) {
        if (version == null) {
            return false;
        }
        String[] tokens = version.toLowerCase(Locale.ROOT).split("[.\\-_+]|(?<=\\d)(?=[a-z])|(?<=[a-z])(?=\\d)");
        for (String token : tokens) {
            if (PRE_QUALIFIERS.contains(token)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty()) {
            throw invalid("Maven", spec, "is empty; the version may be managed by a parent POM");
        }
        if (spec.contains("${")) {
            throw invalid("Maven", spec, "refers to a property that is not resolved");
        }
        if (spec.startsWith("[") || spec.startsWith("(")) {
            VersionRange range;
            try {
                range = VersionRange.createFromVersionSpec(spec);
            } catch (InvalidVersionSpecificationException e) {
                throw invalid("Maven", spec, "is not a version range: " + e.getMessage());
            }
            return version -> parse(version).isPresent() && range.containsVersion(new DefaultArtifactVersion(version.strip()));
        }
        ComparableVersion wanted = new ComparableVersion(spec);
        return version -> parse(version).map(wanted::equals).orElse(false);
    }
}
