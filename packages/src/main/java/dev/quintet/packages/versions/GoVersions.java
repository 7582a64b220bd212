package dev.quintet.packages.versions;

import java.util.Optional;

/**
 * Go modules: semantic versions with a {@code v} prefix ({@code +incompatible} allowed); pseudo-versions are
 * pre-releases. A go.mod requirement names a minimum (minimal version selection) within the same major version.
 */
public final class GoVersions extends SemverScheme {

    @Override
    Optional<SemanticVersion> parse(String version) {
        if (version == null || !version.startsWith("v")) {
            return Optional.empty();
        }
        return SemanticVersion.parse(version.substring(1));
    }

    @Override
    public VersionRequirement requirement(String text) {
        SemanticVersion minimum = parse(text == null ? null : text.strip())
                .orElseThrow(() -> invalid("Go", text, "is not a semantic version with a 'v' prefix"));
        return version -> parse(version).map(v -> v.major() == minimum.major() && v.compareTo(minimum) >= 0)
                .orElse(false);
    }
}
