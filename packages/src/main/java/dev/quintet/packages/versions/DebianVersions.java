package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian: dpkg's {@code [epoch:]upstream[-revision]} order, where {@code ~} sorts before anything, even the end of
 * the string; relations {@code << <= = >= >>} (and the obsolete {@code < >} as {@code <= >=}), comma = and.
 */
public final class DebianVersions extends ParsedScheme<DebianVersions.Number> {

    private static final Pattern FORM = Pattern.compile("(?:(\\d+):)?([0-9][A-Za-z0-9.+~:-]*?)(?:-([A-Za-z0-9.+~]+))?");
    private static final Pattern RELATION = Pattern.compile("\\(?\\s*(<<|<=|>=|>>|=|<|>)\\s*([^\\s)]+)\\s*\\)?");

    /** A parsed Debian version. */
    record Number(long epoch, String upstream, String revision) implements Comparable<Number> {

        @Override
        public int compareTo(Number o) {
            int c = Long.compare(epoch, o.epoch);
            if (c == 0) {
                c = compareParts(upstream, o.upstream);
            }
            return c != 0 ? c : compareParts(revision, o.revision);
        }
    }

    @Override
    Optional<Number> parse(String version) {
        if (version == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(version.strip());
        if (!m.matches() || (m.group(1) == null && m.group(2).contains(":"))) {
            return Optional.empty();
        }
        return Optional.of(new Number(m.group(1) == null ? 0 : Long.parseLong(m.group(1)), m.group(2),
                m.group(3) == null ? "" : m.group(3)));
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(n -> n.upstream().contains("~")).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        List<VersionRequirement> clauses = new ArrayList<>();
        String spec = text == null ? "" : text.strip();
        if (!spec.isEmpty()) {
            for (String part : spec.split(",")) {
                clauses.add(relation(part.strip(), text));
            }
        }
        return version -> parse(version).isPresent() && clauses.stream().allMatch(c -> c.isSatisfiedBy(version));
    }

    private VersionRequirement relation(String part, String whole) {
        Matcher m = RELATION.matcher(part);
        if (!m.matches()) {
            throw invalid("Debian", whole, "has a relation '" + part + "' that is not one of << <= = >= >> and a version");
        }
        Number wanted = parse(m.group(2)).orElseThrow(() ->
                invalid("Debian", whole, "names '" + m.group(2) + "', which is not a Debian version"));
        String op = m.group(1);
        return version -> {
            int c = parse(version).orElseThrow().compareTo(wanted);
            return switch (op) {
                case "<<" -> c < 0;
                case "<=", "<" -> c <= 0;
                case "=" -> c == 0;
                case ">=", ">" -> c >= 0;
                default -> c > 0;
            };
        };
    }

    static int compareParts(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() || j < b.length()) {
            while ((i < a.length() && !Character.isDigit(a.charAt(i))) || (j < b.length() && !Character.isDigit(b.charAt(j)))) {
                int ac = order(a, i);
                int bc = order(b, j);
                if (ac != bc) {
                    return Integer.compare(ac, bc);
                }
                i++;
                j++;
            }
            while (i < a.length() && a.charAt(i) == '0') {
                i++;
            }
            while (j < b.length() && b.charAt(j) == '0') {
                j++;
            }
            int firstDiff = 0;
            while (i < a.length() && Character.isDigit(a.charAt(i)) && j < b.length() && Character.isDigit(b.charAt(j))) {
                if (firstDiff == 0) {
                    firstDiff = Integer.compare(a.charAt(i), b.charAt(j));
                }
                i++;
                j++;
            }
            if (i < a.length() && Character.isDigit(a.charAt(i))) {
                return 1;
            }
            if (j < b.length() && Character.isDigit(b.charAt(j))) {
                return -1;
            }
            if (firstDiff != 0) {
                return firstDiff;
            }
        }
        return 0;
    }

    private static int order(String s, int i) {
        if (i >= s.length()) {
            return 0;
        }
        char c = s.charAt(i);
        if (Character.isDigit(c)) {
            return 0;
        }
        if (Character.isLetter(c)) {
            return c;
        }
        return c == '~' ? -1 : c + 256;
    }
}
