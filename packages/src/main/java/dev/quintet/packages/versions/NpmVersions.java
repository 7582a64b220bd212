package dev.quintet.packages.versions;

import java.util.Optional;
import org.semver4j.Semver;

/** npm: SemVer 2.0 order and node-semver ranges ({@code ^ ~ x-ranges, hyphens, ||}), with npm's pre-release rule. */
public final class NpmVersions extends ParsedScheme<Semver> {

    @Override
    Optional<Semver> parse(String version) {
        if (version == null || version.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(Semver.parse(version.strip()));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(v -> !v.getPreRelease().isEmpty()).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String range = text == null ? "" : text.strip();
        if (range.contains(":") || range.contains("/")) {
            throw invalid("npm", range, "is a URL, path, alias or git reference, not a semver range");
        }
        if (!range.isEmpty() && !range.equals("latest") && !range.matches("[0-9xX*<>=~^|.\\-+ a-zA-Z]*")) {
            throw invalid("npm", range, "has characters no semver range uses");
        }
        return version -> parse(version).map(v -> v.satisfies(range)).orElse(false);
    }
}
