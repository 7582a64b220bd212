package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PyPI: PEP 440 order and version specifiers ({@code ~= == != <= >= < > ===}, {@code .*} prefixes, comma = and).
 * Like pip, a pre-release satisfies a specifier set only when one of its clauses names a pre-release.
 */
public final class PypiVersions extends ParsedScheme<Pep440Version> {

    private static final Pattern CLAUSE = Pattern.compile("(~=|===|==|!=|<=|>=|<|>)\\s*([^\\s,;]+)");

    @Override
    Optional<Pep440Version> parse(String version) {
        return Pep440Version.parse(version);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(Pep440Version::isPrerelease).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        return requirement(text, false);
    }

    /**
     * A specifier set that, with {@code prereleases}, accepts pre-releases whatever its clauses name (as pip does
     * when no final release matches, and for environment markers).
     */
    public VersionRequirement requirement(String text, boolean prereleases) {
        String spec = text == null ? "" : text.strip();
        if (spec.startsWith("(") && spec.endsWith(")")) {
            spec = spec.substring(1, spec.length() - 1).strip();
        }
        List<Pep440Specifier> clauses = new ArrayList<>();
        if (!spec.isEmpty()) {
            for (String part : spec.split(",")) {
                Matcher m = CLAUSE.matcher(part.strip());
                if (!m.matches()) {
                    throw invalid("PEP 440", text, "has a clause '" + part.strip()
                            + "' that is not an operator (~= == != <= >= < > ===) followed by a version");
                }
                clauses.add(Pep440Specifier.of(m.group(1), m.group(2), text));
            }
        }
        boolean allowsPre = prereleases || clauses.stream().anyMatch(Pep440Specifier::namesPrerelease);
        List<Pep440Specifier> all = List.copyOf(clauses);
        return version -> {
            if (all.size() == 1 && all.getFirst().operator().equals("===")) {
                return all.getFirst().matchesText(version);
            }
            Optional<Pep440Version> v = parse(version);
            if (v.isEmpty() || (v.get().isPrerelease() && !allowsPre)) {
                return false;
            }
            return all.stream().allMatch(c -> c.test(v.get(), version));
        };
    }
}
