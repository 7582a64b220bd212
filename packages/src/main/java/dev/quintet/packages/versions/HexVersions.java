package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hex (Elixir and Erlang): SemVer 2.0 order; requirements in Elixir's {@code Version} syntax: clauses
 * {@code == != > >= < <= ~>} joined by {@code and} / {@code or} ({@code and} binds tighter); {@code ~> 2.1}
 * means {@code >= 2.1.0 and < 3.0.0-0}, {@code ~> 2.1.3} means {@code >= 2.1.3 and < 2.2.0-0}. As in Hex's
 * resolver, a pre-release satisfies a requirement only when one of its clauses names a pre-release.
 */
public final class HexVersions extends SemverScheme {

    private static final Pattern CLAUSE = Pattern.compile(
            "(==|!=|>=|<=|>|<|~>)?\\s*(\\d+)\\.(\\d+)(?:\\.(\\d+))?(-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-.]+)?");

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty()) {
            throw invalid("Hex", text, "is empty");
        }
        List<List<Predicate<SemanticVersion>>> alternatives = new ArrayList<>();
        boolean[] namesPre = {false};
        for (String alternative : spec.split("\\s+or\\s+")) {
            List<Predicate<SemanticVersion>> all = new ArrayList<>();
            for (String clause : alternative.strip().split("\\s+and\\s+")) {
                all.add(clause(clause.strip(), text, namesPre));
            }
            alternatives.add(all);
        }
        boolean allowPre = namesPre[0];
        return version -> parse(version).map(v -> (allowPre || !v.isPrerelease())
                && alternatives.stream().anyMatch(all -> all.stream().allMatch(p -> p.test(v)))).orElse(false);
    }

    private static Predicate<SemanticVersion> clause(String clause, String whole, boolean[] namesPre) {
        Matcher m = CLAUSE.matcher(clause);
        if (!m.matches()) {
            throw invalid("Hex", whole, "has a clause '" + clause + "' that is not an operator and a version");
        }
        String op = m.group(1) == null ? "==" : m.group(1);
        if (m.group(4) == null && !op.equals("~>")) {
            throw invalid("Hex", whole, "names '" + clause + "' without a patch number, which only ~> allows");
        }
        String version = m.group(2) + "." + m.group(3) + "." + (m.group(4) == null ? "0" : m.group(4))
                + (m.group(5) == null ? "" : m.group(5));
        SemanticVersion r = SemanticVersion.parse(version).orElseThrow(() ->
                invalid("Hex", whole, "names '" + version + "', which is not a semantic version"));
        namesPre[0] |= r.isPrerelease();
        return switch (op) {
            case "~>" -> {
                SemanticVersion upper = m.group(4) == null
                        ? new SemanticVersion(r.major() + 1, 0, 0, List.of("0"), null)
                        : new SemanticVersion(r.major(), r.minor() + 1, 0, List.of("0"), null);
                yield v -> v.compareTo(r) >= 0 && v.compareTo(upper) < 0;
            }
            case "!=" -> v -> v.compareTo(r) != 0;
            case ">" -> v -> v.compareTo(r) > 0;
            case ">=" -> v -> v.compareTo(r) >= 0;
            case "<" -> v -> v.compareTo(r) < 0;
            case "<=" -> v -> v.compareTo(r) <= 0;
            default -> v -> v.compareTo(r) == 0;
        };
    }
}
