package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CPAN (Perl): {@code version.pm} order. A decimal version {@code 1.2345} is read as the dotted-decimal
 * {@code v1.234.500} (the fraction in groups of three digits, padded with zeros); a dotted-decimal one has a
 * leading {@code v} or two or more dots ({@code v1.2}, {@code 1.2.3}); missing parts count as 0. An underscore
 * ({@code 1.23_01}, {@code v1.2.3_4}) or a {@code -TRIAL} suffix marks a developer release, a pre-release; the
 * underscore is dropped before reading the number, as {@code version.pm} does. Requirements are CPAN::Meta's:
 * {@code 0} (any), a bare version (at least it), or comparators {@code >= > <= < == !=} joined by commas.
 */
public final class PerlVersions extends ParsedScheme<PerlVersions.Perl> {

    private static final Pattern DECIMAL = Pattern.compile("(\\d+)(?:\\.(\\d*))?");
    private static final Pattern DOTTED = Pattern.compile("v?(\\d+(?:\\.\\d+)*)");
    private static final Pattern CLAUSE = Pattern.compile("(>=|<=|==|!=|>|<)?\\s*(\\S+)");

    /** A version as a list of integers (dotted-decimal form) and whether it is a developer release. */
    record Perl(List<Long> parts, boolean developer) implements Comparable<Perl> {

        @Override
        public int compareTo(Perl o) {
            for (int i = 0; i < Math.max(parts.size(), o.parts.size()); i++) {
                int c = Long.compare(i < parts.size() ? parts.get(i) : 0, i < o.parts.size() ? o.parts.get(i) : 0);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
    }

    @Override
    Optional<Perl> parse(String version) {
        if (version == null) {
            return Optional.empty();
        }
        String v = version.strip();
        boolean trial = v.endsWith("-TRIAL");
        v = trial ? v.substring(0, v.length() - 6) : v;
        boolean developer = trial || v.contains("_");
        v = v.replace("_", "");
        if (v.length() > 60) {
            return Optional.empty();
        }
        boolean dotted = v.startsWith("v") || v.chars().filter(c -> c == '.').count() >= 2;
        Matcher m = (dotted ? DOTTED : DECIMAL).matcher(v);
        if (!m.matches()) {
            return Optional.empty();
        }
        List<Long> parts = new ArrayList<>();
        if (dotted) {
            for (String p : m.group(1).split("\\.")) {
                parts.add(number(p));
            }
        } else {
            parts.add(number(m.group(1)));
            String fraction = m.group(2) == null ? "" : m.group(2);
            for (int i = 0; i < fraction.length(); i += 3) {
                String group = fraction.substring(i, Math.min(i + 3, fraction.length()));
                parts.add(Long.parseLong((group + "00").substring(0, 3)));
            }
        }
        return Optional.of(new Perl(List.copyOf(parts), developer));
    }

    private static long number(String digits) {
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(Perl::developer).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        List<Predicate<Perl>> all = new ArrayList<>();
        if (!spec.isEmpty() && !spec.equals("0")) {
            for (String clause : spec.split(",")) {
                all.add(clause(clause.strip(), text));
            }
        }
        return version -> parse(version).map(v -> all.stream().allMatch(p -> p.test(v))).orElse(false);
    }

    private Predicate<Perl> clause(String clause, String whole) {
        Matcher m = CLAUSE.matcher(clause);
        if (!m.matches()) {
            throw invalid("CPAN", whole, "has a clause '" + clause + "' that is not an operator and a version");
        }
        Perl r = parse(m.group(2)).orElseThrow(() ->
                invalid("CPAN", whole, "names '" + m.group(2) + "', which is not a Perl version"));
        return switch (m.group(1) == null ? ">=" : m.group(1)) {
            case ">" -> v -> v.compareTo(r) > 0;
            case "<=" -> v -> v.compareTo(r) <= 0;
            case "<" -> v -> v.compareTo(r) < 0;
            case "==" -> v -> v.compareTo(r) == 0;
            case "!=" -> v -> v.compareTo(r) != 0;
            default -> v -> v.compareTo(r) >= 0;
        };
    }
}
