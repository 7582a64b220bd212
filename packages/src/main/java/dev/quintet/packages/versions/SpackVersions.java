package dev.quintet.packages.versions;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spack: components split at {@code . - _} and letter/digit boundaries, numbers compared numerically and above
 * words; a shorter version sorts below a longer one it starts ({@code 1.2 < 1.2.1}); an {@code alpha}, {@code beta}
 * or {@code rc} suffix makes a pre-release below its release; the branch names {@code develop > main > master >
 * head > trunk > stable} sort above every number (and count as pre-releases: never "latest stable").
 * Requirements are Spack's: ranges joined by commas (any may hold), each {@code 1.2} (1.2 and every 1.2.x),
 * {@code =1.2} (exactly), {@code 1.2:1.4}, {@code 1.2:} or {@code :1.4} (bounds inclusive, by prefix).
 */
public final class SpackVersions extends ParsedScheme<SpackVersions.Spack> {

    private static final List<String> BRANCHES = List.of("stable", "trunk", "head", "master", "main", "develop");
    private static final List<String> PRE = List.of("alpha", "beta", "rc");
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*");
    private static final Pattern PRE_SUFFIX = Pattern.compile("(.*?\\d)[._-]?(alpha|beta|rc)[._-]?(\\d*)");
    private static final Pattern COMPONENT = Pattern.compile("\\d+|[A-Za-z]+");

    /** A parsed Spack version: branch rank (-1 for numbered versions), components, pre-release rank and number. */
    record Spack(int branch, List<Object> components, int pre, long preNumber) implements Comparable<Spack> {

        @Override
        public int compareTo(Spack o) {
            if (branch != o.branch) {
                return Integer.compare(branch, o.branch);
            }
            int c = compareComponents(components, o.components);
            if (c != 0) {
                return c;
            }
            return pre != o.pre ? Integer.compare(pre, o.pre) : Long.compare(preNumber, o.preNumber);
        }

        boolean startsWith(Spack prefix) {
            return branch == prefix.branch && components.size() >= prefix.components.size()
                    && compareComponents(components.subList(0, prefix.components.size()), prefix.components) == 0
                    && (prefix.pre == PRE.size() || (pre == prefix.pre && preNumber == prefix.preNumber));
        }
    }

    @Override
    Optional<Spack> parse(String version) {
        String v = version == null ? "" : version.strip();
        if (!FORM.matcher(v).matches()) {
            return Optional.empty();
        }
        int branch = BRANCHES.indexOf(v.toLowerCase(Locale.ROOT));
        if (branch >= 0) {
            return Optional.of(new Spack(branch, List.of(), PRE.size(), 0));
        }
        int pre = PRE.size();
        long preNumber = 0;
        Matcher suffix = PRE_SUFFIX.matcher(v);
        if (suffix.matches()) {
            v = suffix.group(1);
            pre = PRE.indexOf(suffix.group(2).toLowerCase(Locale.ROOT));
            preNumber = suffix.group(3).isEmpty() ? 0 : Long.parseLong(suffix.group(3).substring(0, Math.min(18, suffix.group(3).length())));
        }
        List<Object> components = new ArrayList<>();
        Matcher m = COMPONENT.matcher(v);
        while (m.find()) {
            String s = m.group();
            components.add(Character.isDigit(s.charAt(0)) ? (Object) new BigInteger(s) : s.toLowerCase(Locale.ROOT));
        }
        return Optional.of(new Spack(-1, List.copyOf(components), pre, preNumber));
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(s -> s.branch() >= 0 || s.pre() < PRE.size()).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip().replaceFirst("^@", "");
        if (spec.isEmpty()) {
            throw invalid("Spack", "", "is empty");
        }
        List<VersionRequirement> ranges = new ArrayList<>();
        for (String part : spec.split(",")) {
            ranges.add(range(part.strip(), text));
        }
        return version -> parse(version).isPresent() && ranges.stream().anyMatch(r -> r.isSatisfiedBy(version));
    }

    private VersionRequirement range(String part, String whole) {
        if (part.startsWith("=")) {
            Spack exact = bound(part.substring(1), whole);
            return version -> parse(version).orElseThrow().compareTo(exact) == 0;
        }
        if (!part.contains(":")) {
            Spack prefix = bound(part, whole);
            return version -> parse(version).orElseThrow().startsWith(prefix);
        }
        String[] ends = part.split(":", -1);
        Spack low = ends[0].isBlank() ? null : bound(ends[0], whole);
        Spack high = ends[1].isBlank() ? null : bound(ends[1], whole);
        return version -> {
            Spack v = parse(version).orElseThrow();
            return (low == null || v.compareTo(low) >= 0) && (high == null || v.compareTo(high) <= 0 || v.startsWith(high));
        };
    }

    private Spack bound(String text, String whole) {
        return parse(text.strip()).orElseThrow(() -> invalid("Spack", whole, "names '" + text + "', which is not a version"));
    }

    private static int compareComponents(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            int c;
            if (x instanceof BigInteger bx && y instanceof BigInteger by) {
                c = bx.compareTo(by);
            } else if (x instanceof String sx && y instanceof String sy) {
                c = sx.compareTo(sy);
            } else {
                c = x instanceof BigInteger ? 1 : -1;
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
