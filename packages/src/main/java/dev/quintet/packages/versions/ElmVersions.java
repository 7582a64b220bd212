package dev.quintet.packages.versions;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Elm: versions are exactly {@code MAJOR.MINOR.PATCH} (no pre-releases); a dependency constraint is
 * {@code 1.0.0 <= v < 2.0.0}, each end {@code <=} or {@code <}.
 */
public final class ElmVersions extends SemverScheme {

    private static final Pattern CONSTRAINT = Pattern.compile("(\\S+)\\s*(<=|<)\\s*v\\s*(<=|<)\\s*(\\S+)");

    @Override
    Optional<SemanticVersion> parse(String version) {
        return SemanticVersion.parse(version).filter(v -> !v.isPrerelease() && v.build() == null);
    }

    @Override
    public VersionRequirement requirement(String text) {
        Matcher m = CONSTRAINT.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw invalid("Elm", text, "is not a constraint like 1.0.0 <= v < 2.0.0");
        }
        SemanticVersion low = parse(m.group(1)).orElseThrow(() -> invalid("Elm", text, "has a lower bound that is not X.Y.Z"));
        SemanticVersion high = parse(m.group(4)).orElseThrow(() -> invalid("Elm", text, "has an upper bound that is not X.Y.Z"));
        boolean lowInclusive = m.group(2).equals("<=");
        boolean highInclusive = m.group(3).equals("<=");
        return version -> parse(version).map(v -> {
            int lo = v.compareTo(low);
            int hi = v.compareTo(high);
            return (lo > 0 || (lo == 0 && lowInclusive)) && (hi < 0 || (hi == 0 && highInclusive));
        }).orElse(false);
    }
}
