package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Conda: {@link CondaVersion} order (conda's {@code VersionOrder}); {@code dev}, {@code alpha}, {@code beta},
 * {@code rc}, {@code pre} and {@code a1}/{@code b2}/{@code c3} mark pre-releases. Requirements are the version
 * part of a match spec: {@code *}, {@code 1.2.*}, {@code 1.2*} or {@code =1.2} (prefix), a bare {@code 1.2} or
 * {@code ==1.2} (exactly, as conda's {@code VersionSpec} reads them), {@code != > >= < <=}, {@code ~=1.2.3}
 * ({@code >=1.2.3} and {@code 1.2.*}); {@code ,} means and, {@code |} or ({@code ,} binding tighter).
 */
public final class CondaVersions extends ParsedScheme<CondaVersion> {

    private static final Pattern CLAUSE = Pattern.compile("(==|!=|>=|<=|~=|>|<|=)?\\s*([A-Za-z0-9!._+-]+?)(\\.?\\*)?");

    @Override
    Optional<CondaVersion> parse(String version) {
        return CondaVersion.parse(version);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(CondaVersion::isPrerelease).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty() || spec.equals("*")) {
            return version -> parse(version).isPresent();
        }
        List<List<Predicate<CondaVersion>>> alternatives = new ArrayList<>();
        for (String alternative : spec.split("\\|")) {
            List<Predicate<CondaVersion>> all = new ArrayList<>();
            for (String clause : alternative.split(",")) {
                all.add(clause(clause.strip(), text));
            }
            alternatives.add(all);
        }
        return version -> parse(version)
                .map(v -> alternatives.stream().anyMatch(all -> all.stream().allMatch(p -> p.test(v)))).orElse(false);
    }

    private static Predicate<CondaVersion> clause(String clause, String whole) {
        Matcher m = CLAUSE.matcher(clause);
        if (!m.matches()) {
            throw invalid("Conda", whole, "has a clause '" + clause + "' that is not an operator and a version");
        }
        String op = m.group(1) == null ? "" : m.group(1);
        boolean star = m.group(3) != null;
        CondaVersion r = CondaVersion.parse(m.group(2)).orElseThrow(() ->
                invalid("Conda", whole, "names '" + m.group(2) + "', which is not a conda version"));
        return switch (op) {
            case "=" -> v -> v.startsWith(r);
            case "", "==" -> star ? v -> v.startsWith(r) : v -> v.compareTo(r) == 0;
            case "!=" -> star ? v -> !v.startsWith(r) : v -> v.compareTo(r) != 0;
            case ">" -> v -> v.compareTo(r) > 0;
            case ">=" -> v -> v.compareTo(r) >= 0;
            case "<" -> v -> v.compareTo(r) < 0;
            case "<=" -> v -> v.compareTo(r) <= 0;
            default -> compatible(r, m.group(2), whole);
        };
    }

    /** {@code ~=1.2.3}: at least 1.2.3 and within 1.2.*. */
    private static Predicate<CondaVersion> compatible(CondaVersion r, String text, String whole) {
        int cut = text.lastIndexOf('.');
        if (cut <= 0) {
            throw invalid("Conda", whole, "uses ~= with '" + text + "', which needs at least two parts");
        }
        CondaVersion prefix = CondaVersion.parse(text.substring(0, cut)).orElseThrow();
        return v -> v.compareTo(r) >= 0 && v.startsWith(prefix);
    }
}
