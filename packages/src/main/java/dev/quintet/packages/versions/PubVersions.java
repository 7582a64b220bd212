package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pub (Dart): SemVer 2.0 order; constraints as pub reads them: {@code any}, an exact version, {@code ^1.2.3}
 * ({@code >=1.2.3 <2.0.0}; below 1.0.0 the minor is the breaking part: {@code ^0.2.3} = {@code >=0.2.3 <0.3.0}),
 * or comparators {@code > >= < <=} separated by spaces, all of which must hold. As in pub, {@code <2.0.0} also
 * excludes 2.0.0's pre-releases unless the lower bound is one of them.
 */
public final class PubVersions extends SemverScheme {

    private static final Pattern COMPARATOR = Pattern.compile("(\\^|>=|<=|>|<)?(\\S+)");

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty() || spec.equals("any")) {
            return version -> parse(version).isPresent();
        }
        List<String> ops = new ArrayList<>();
        List<SemanticVersion> versions = new ArrayList<>();
        for (String part : spec.replaceAll("(>=|<=|>|<|\\^)\\s+", "$1").split("\\s+")) {
            Matcher m = COMPARATOR.matcher(part);
            if (!m.matches()) {
                throw invalid("Pub", text, "has a constraint '" + part + "' that is not an operator and a version");
            }
            ops.add(m.group(1) == null ? "=" : m.group(1));
            versions.add(SemanticVersion.parse(m.group(2)).orElseThrow(() ->
                    invalid("Pub", text, "names '" + m.group(2) + "', which is not a version like 1.2.3")));
        }
        SemanticVersion floor = null;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).startsWith(">") && (floor == null || versions.get(i).compareTo(floor) > 0)) {
                floor = versions.get(i);
            }
        }
        List<Predicate<SemanticVersion>> all = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            all.add(comparator(ops.get(i), versions.get(i), floor));
        }
        return version -> parse(version).map(v -> all.stream().allMatch(p -> p.test(v))).orElse(false);
    }

    private static Predicate<SemanticVersion> comparator(String op, SemanticVersion r, SemanticVersion floor) {
        return switch (op) {
            case "^" -> {
                SemanticVersion upper = r.major() > 0 ? SemanticVersion.of(r.major() + 1, 0, 0)
                        : SemanticVersion.of(0, r.minor() + 1, 0);
                yield v -> v.compareTo(r) >= 0 && below(v, upper, r);
            }
            case ">=" -> v -> v.compareTo(r) >= 0;
            case ">" -> v -> v.compareTo(r) > 0;
            case "<=" -> v -> v.compareTo(r) <= 0;
            case "<" -> v -> below(v, r, floor);
            default -> v -> v.compareTo(r) == 0;
        };
    }

    /** Below an exclusive upper bound; a pre-release of a released upper bound is not, unless the floor is one. */
    private static boolean below(SemanticVersion v, SemanticVersion upper, SemanticVersion floor) {
        if (v.compareTo(upper) >= 0) {
            return false;
        }
        boolean preOfUpper = !upper.isPrerelease() && v.isPrerelease() && v.sameRelease(upper);
        return !preOfUpper || (floor != null && floor.isPrerelease() && floor.sameRelease(upper));
    }
}
