package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * RubyGems: {@code Gem::Version} order and {@code Gem::Requirement} clauses ({@code = != > < >= <= ~>},
 * comma = and); {@code ~> 2.2} means {@code >= 2.2, < 3}, {@code ~> 2.2.0} means {@code >= 2.2.0, < 2.3}.
 */
public final class RubyGemsVersions extends ParsedScheme<RubyGemsVersion> {

    private static final Pattern CLAUSE = Pattern.compile("(=|!=|>=|<=|>|<|~>)?\\s*(\\S+)");

    @Override
    Optional<RubyGemsVersion> parse(String version) {
        return RubyGemsVersion.parse(version);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(RubyGemsVersion::isPrerelease).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        List<VersionRequirement> clauses = new ArrayList<>();
        if (!spec.isEmpty()) {
            for (String part : spec.split(",")) {
                clauses.add(clause(part.strip(), text));
            }
        }
        return version -> parse(version).isPresent() && clauses.stream().allMatch(c -> c.isSatisfiedBy(version));
    }

    private VersionRequirement clause(String part, String whole) {
        Matcher m = CLAUSE.matcher(part);
        if (!m.matches()) {
            throw invalid("RubyGems", whole, "has a clause '" + part + "' that is not an operator and a version");
        }
        String op = m.group(1) == null ? "=" : m.group(1);
        RubyGemsVersion r = parse(m.group(2)).orElseThrow(() ->
                invalid("RubyGems", whole, "names '" + m.group(2) + "', which is not a gem version"));
        return version -> {
            RubyGemsVersion v = parse(version).orElseThrow();
            int c = v.compareTo(r);
            return switch (op) {
                case "=" -> c == 0;
                case "!=" -> c != 0;
                case ">" -> c > 0;
                case "<" -> c < 0;
                case ">=" -> c >= 0;
                case "<=" -> c <= 0;
                default -> c >= 0 && v.release().compareTo(r.bump()) < 0;
            };
        };
    }
}
