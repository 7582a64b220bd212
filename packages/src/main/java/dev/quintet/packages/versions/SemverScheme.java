package dev.quintet.packages.versions;

import java.util.Optional;

/** A scheme ordering SemVer 2.0 numbers; a number is a pre-release when it has pre-release identifiers. */
abstract class SemverScheme extends ParsedScheme<SemanticVersion> {

    @Override
    Optional<SemanticVersion> parse(String version) {
        return SemanticVersion.parse(version);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(SemanticVersion::isPrerelease).orElse(false);
    }
}
