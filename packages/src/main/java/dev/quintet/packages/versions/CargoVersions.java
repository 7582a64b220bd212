package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cargo: SemVer 2.0 order; requirements are comma-separated comparators ({@code ^ ~ = > >= < <=}, wildcards),
 * a bare version meaning caret. A pre-release satisfies only a requirement naming a pre-release of the same
 * major.minor.patch.
 */
public final class CargoVersions extends SemverScheme {

    private static final Pattern COMPARATOR = Pattern.compile(
            "(\\^|~|=|>=|<=|>|<)?\\s*(\\*|[xX]|\\d+)(?:\\.(\\*|[xX]|\\d+))?(?:\\.(\\*|[xX]|\\d+))?"
                    + "(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+[0-9A-Za-z-.]+)?");

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        List<Bounds> all = new ArrayList<>();
        if (!spec.isEmpty() && !spec.equals("*")) {
            for (String part : spec.split(",")) {
                all.add(comparator(part.strip(), text));
            }
        }
        return version -> parse(version).map(v -> matches(all, v)).orElse(false);
    }

    /**
     * The range of versions Cargo treats as compatible with this one, of which a graph holds one at most:
     * {@code 1} for 1.y.z, {@code 0.3} for 0.3.z, {@code 0.0.4} for 0.0.4; empty for a number that is not SemVer.
     */
    public Optional<String> compatibilityRange(String version) {
        return parse(version).map(v -> v.major() > 0 ? Long.toString(v.major())
                : v.minor() > 0 ? "0." + v.minor() : "0.0." + v.patch());
    }

    private static boolean matches(List<Bounds> all, SemanticVersion v) {
        if (!all.stream().allMatch(b -> b.contains(v))) {
            return false;
        }
        return !v.isPrerelease() || all.stream().anyMatch(b -> b.anchor() != null && b.anchor().sameRelease(v));
    }

    private static Bounds comparator(String part, String whole) {
        Matcher m = COMPARATOR.matcher(part);
        if (!m.matches()) {
            throw invalid("Cargo", whole, "has a comparator '" + part + "' that is not an operator and a version");
        }
        String op = m.group(1) == null ? "^" : m.group(1);
        Long major = number(m.group(2));
        Long minor = number(m.group(3));
        Long patch = number(m.group(4));
        if (major == null && (minor != null || patch != null) || minor == null && patch != null) {
            throw invalid("Cargo", whole, "has a wildcard before a number in '" + part + "'");
        }
        if (major == null) {
            return new Bounds(null, false, null, false, null);
        }
        List<String> pre = m.group(5) == null ? List.of() : List.of(m.group(5).split("\\."));
        if (m.group(2).matches("[*xX]") || (m.group(3) != null && m.group(3).matches("[*xX]"))
                || (m.group(4) != null && m.group(4).matches("[*xX]"))) {
            op = "=";
        }
        SemanticVersion low = new SemanticVersion(major, minor == null ? 0 : minor, patch == null ? 0 : patch, pre, null);
        SemanticVersion anchor = pre.isEmpty() ? null : low;
        return CargoBounds.of(op, low, minor, patch, anchor);
    }

    private static Long number(String s) {
        return s == null || s.matches("[*xX]") ? null : Long.parseLong(s);
    }

    /** A lower and an upper bound, either open; the anchor is the pre-release the comparator names, if any. */
    record Bounds(SemanticVersion lower, boolean lowerInclusive, SemanticVersion upper, boolean upperInclusive,
                  SemanticVersion anchor) {

        boolean contains(SemanticVersion v) {
            if (lower != null) {
                int c = v.compareTo(lower);
                if (c < 0 || (c == 0 && !lowerInclusive)) {
                    return false;
                }
            }
            if (upper != null) {
                int c = v.compareTo(upper);
                return c < 0 || (c == 0 && upperInclusive);
            }
            return true;
        }
    }
}
