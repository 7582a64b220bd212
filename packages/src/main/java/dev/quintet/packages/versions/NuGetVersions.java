package dev.quintet.packages.versions;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NuGet: {@link NuGetVersion} order; dependency ranges in NuGet's interval notation. {@code 1.0} means
 * {@code >= 1.0}; {@code [1.0]} exactly 1.0; {@code (1.0,)}, {@code (,1.0]}, {@code [1.0,2.0)} are intervals with
 * inclusive {@code []} and exclusive {@code ()} ends. Floating ranges ({@code *}, {@code 1.*}, {@code 1.2.*},
 * {@code 1.2.3-*}) accept versions at or above the lower bound that share the fixed prefix.
 */
public final class NuGetVersions extends ParsedScheme<NuGetVersion> {

    private static final Pattern INTERVAL = Pattern.compile("([\\[(])\\s*([^,\\s]*)\\s*(?:(,)\\s*([^,\\s]*)\\s*)?([])])");
    private static final Pattern FLOATING = Pattern.compile("((?:\\d+\\.){0,3})\\*|(\\d+(?:\\.\\d+){1,3})-\\*");

    @Override
    Optional<NuGetVersion> parse(String version) {
        return NuGetVersion.parse(version);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(NuGetVersion::isPrerelease).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty()) {
            return version -> parse(version).isPresent();
        }
        Matcher f = FLOATING.matcher(spec);
        if (f.matches()) {
            return floating(f);
        }
        if (!spec.startsWith("[") && !spec.startsWith("(")) {
            NuGetVersion min = bound(spec, spec);
            return version -> parse(version).map(v -> v.compareTo(min) >= 0).orElse(false);
        }
        Matcher m = INTERVAL.matcher(spec);
        if (!m.matches()) {
            throw invalid("NuGet", spec, "is not an interval such as [1.0,2.0) or (,1.0]");
        }
        boolean lowInclusive = m.group(1).equals("[");
        boolean highInclusive = m.group(5).equals("]");
        if (m.group(3) == null) {
            if (!lowInclusive || !highInclusive || m.group(2).isEmpty()) {
                throw invalid("NuGet", spec, "names one version, which needs square brackets: [1.0]");
            }
            NuGetVersion exact = bound(m.group(2), spec);
            return version -> parse(version).map(v -> v.compareTo(exact) == 0).orElse(false);
        }
        NuGetVersion low = m.group(2).isEmpty() ? null : bound(m.group(2), spec);
        NuGetVersion high = m.group(4).isEmpty() ? null : bound(m.group(4), spec);
        if (low == null && high == null) {
            throw invalid("NuGet", spec, "has neither a lower nor an upper bound");
        }
        if (low != null && high != null && (low.compareTo(high) > 0
                || (low.compareTo(high) == 0 && !(lowInclusive && highInclusive)))) {
            throw invalid("NuGet", spec, "has a lower bound above its upper bound");
        }
        return version -> parse(version).map(v -> {
            if (low != null) {
                int c = v.compareTo(low);
                if (c < 0 || (c == 0 && !lowInclusive)) {
                    return false;
                }
            }
            if (high != null) {
                int c = v.compareTo(high);
                return c < 0 || (c == 0 && highInclusive);
            }
            return true;
        }).orElse(false);
    }

    private VersionRequirement floating(Matcher f) {
        if (f.group(2) != null) {
            NuGetVersion release = NuGetVersion.parse(f.group(2)).orElseThrow();
            return version -> parse(version).map(v -> v.samePrefix(release, 4)).orElse(false);
        }
        String prefix = f.group(1);
        int parts = prefix.isEmpty() ? 0 : prefix.split("\\.").length;
        NuGetVersion fixed = parts == 0 ? null : NuGetVersion.parse(prefix.substring(0, prefix.length() - 1)).orElseThrow();
        return version -> parse(version).map(v -> !v.isPrerelease() && (fixed == null || v.samePrefix(fixed, parts)))
                .orElse(false);
    }

    private NuGetVersion bound(String text, String whole) {
        return parse(text).orElseThrow(() -> invalid("NuGet", whole, "names '" + text + "', which is not a NuGet version"));
    }
}
