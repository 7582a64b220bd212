package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Julia: {@code VersionNumber} order (SemVer, an optional {@code v}). Requirements are Pkg version specs as the
 * General registry and JuliaHub write them: ranges joined by commas (any may hold); a range is {@code *},
 * a prefix {@code 1.2} (every 1.2.x), {@code 1.3.0-1} or {@code 0.2 - 0.5} (lower bound to the upper prefix),
 * or a compat specifier {@code ^1.2}, {@code ~1.2}, {@code =1.2.3}, {@code >= 1.2}, {@code < 2}.
 */
public final class JuliaVersions extends SemverScheme {

    private static final String PREFIX = "(\\d+(?:\\.\\d+){0,2})";
    private static final Pattern RANGE = Pattern.compile(PREFIX + "(?:\\s*-\\s*" + PREFIX + ")?");
    private static final Pattern OPERATOR = Pattern.compile("(\\^|~|=|>=|≥|>|<=|≤|<)\\s*" + PREFIX);

    private record Bounds(SemanticVersion low, boolean lowInclusive, SemanticVersion high, boolean highInclusive) {

        boolean contains(SemanticVersion v) {
            int lo = low == null ? 1 : v.compareTo(low);
            int hi = high == null ? -1 : v.compareTo(high);
            return (lo > 0 || (lo == 0 && lowInclusive)) && (hi < 0 || (hi == 0 && highInclusive));
        }
    }

    @Override
    Optional<SemanticVersion> parse(String version) {
        return version == null ? Optional.empty() : SemanticVersion.parse(version.strip().replaceFirst("^v", ""));
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty()) {
            throw invalid("Julia", spec, "is empty");
        }
        List<Bounds> ranges = new ArrayList<>();
        for (String part : spec.split(",")) {
            ranges.add(range(part.strip(), spec));
        }
        return version -> parse(version).map(v -> ranges.stream().anyMatch(r -> r.contains(v))).orElse(false);
    }

    private static Bounds range(String part, String whole) {
        if (part.equals("*")) {
            return new Bounds(null, true, null, false);
        }
        Matcher r = RANGE.matcher(part);
        if (r.matches()) {
            long[] low = numbers(r.group(1));
            long[] high = numbers(r.group(2) == null ? r.group(1) : r.group(2));
            return new Bounds(lower(low), true, bump(high, high.length - 1), false);
        }
        Matcher o = OPERATOR.matcher(part);
        if (!o.matches()) {
            throw invalid("Julia", whole, "has a part '" + part + "' that is not a version range or compat specifier");
        }
        long[] n = numbers(o.group(2));
        SemanticVersion low = lower(n);
        return switch (o.group(1)) {
            case "^" -> new Bounds(low, true, bump(n, caretPosition(n)), false);
            case "~" -> new Bounds(low, true, bump(n, n.length == 1 ? 0 : n.length == 3 && n[0] == 0 && n[1] == 0 ? 2 : 1), false);
            case "=" -> new Bounds(low, true, low, true);
            case ">=", "≥" -> new Bounds(low, true, null, false);
            case ">" -> new Bounds(low, false, null, false);
            case "<=", "≤" -> new Bounds(null, true, low, true);
            default -> new Bounds(null, true, low, false);
        };
    }

    private static int caretPosition(long[] n) {
        for (int i = 0; i < n.length; i++) {
            if (n[i] != 0) {
                return i;
            }
        }
        return n.length - 1;
    }

    private static long[] numbers(String prefix) {
        String[] parts = prefix.split("\\.");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Long.parseLong(parts[i]);
        }
        return out;
    }

    private static SemanticVersion lower(long[] n) {
        return SemanticVersion.of(n[0], n.length > 1 ? n[1] : 0, n.length > 2 ? n[2] : 0);
    }

    /** The first version past the prefix when part {@code position} goes up by one (a pre-release of it excluded too). */
    private static SemanticVersion bump(long[] n, int position) {
        long[] out = new long[3];
        for (int i = 0; i < position; i++) {
            out[i] = n[i];
        }
        out[position] = n[position] + 1;
        return new SemanticVersion(out[0], out[1], out[2], List.of("0"), null);
    }
}
