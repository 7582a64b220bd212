package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Versions that are git tags (Deno, SwiftPM, GitHub Actions): an optional {@code v}, one to four numbers, an
 * optional {@code -pre.release} and {@code +build}. Numbers compare numerically with missing parts as 0
 * ({@code v1.2} = {@code 1.2.0}); a pre-release sorts below its release. Requirements are exact versions or
 * comparator clauses ({@code = != > >= < <=}) joined by commas or spaces, all of which must hold.
 */
public final class TagVersions extends ParsedScheme<TagVersions.Tag> {

    private static final Pattern FORM = Pattern.compile(
            "[vV]?(\\d{1,18}(?:\\.\\d{1,18}){0,3})(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+[0-9A-Za-z.-]+)?");
    private static final Pattern CLAUSE = Pattern.compile("(==|=|!=|>=|<=|>|<)?\\s*(\\S+)");

    /** A parsed tag: numbers padded to four, then pre-release identifiers. */
    record Tag(long[] numbers, List<String> pre) implements Comparable<Tag> {

        @Override
        public int compareTo(Tag o) {
            for (int i = 0; i < 4; i++) {
                int c = Long.compare(numbers[i], o.numbers[i]);
                if (c != 0) {
                    return c;
                }
            }
            return new SemanticVersion(0, 0, 0, pre, null).compareTo(new SemanticVersion(0, 0, 0, o.pre, null));
        }
    }

    @Override
    Optional<Tag> parse(String version) {
        Matcher m = FORM.matcher(version == null ? "" : version.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        long[] numbers = new long[4];
        String[] parts = m.group(1).split("\\.");
        for (int i = 0; i < parts.length; i++) {
            numbers[i] = Long.parseLong(parts[i]);
        }
        return Optional.of(new Tag(numbers, m.group(2) == null ? List.of() : List.of(m.group(2).split("\\."))));
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(t -> !t.pre().isEmpty()).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip().replaceAll("(==|=|!=|>=|<=|>|<)\\s+", "$1");
        if (spec.isEmpty()) {
            throw invalid("tag", "", "is empty");
        }
        List<VersionRequirement> clauses = new ArrayList<>();
        for (String part : spec.split("[,\\s]+")) {
            Matcher m = CLAUSE.matcher(part);
            if (!m.matches()) {
                throw invalid("tag", text, "has a clause '" + part + "' that is not an operator and a version");
            }
            Tag wanted = parse(m.group(2)).orElseThrow(() -> invalid("tag", text, "names '" + m.group(2) + "', which is not a version"));
            String op = m.group(1) == null ? "=" : m.group(1);
            clauses.add(version -> {
                int c = parse(version).orElseThrow().compareTo(wanted);
                return switch (op) {
                    case "!=" -> c != 0;
                    case ">" -> c > 0;
                    case ">=" -> c >= 0;
                    case "<" -> c < 0;
                    case "<=" -> c <= 0;
                    default -> c == 0;
                };
            });
        }
        return version -> parse(version).isPresent() && clauses.stream().allMatch(c -> c.isSatisfiedBy(version));
    }
}
