package dev.quintet.packages.registry.debian;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Debian relation field ({@code Depends}, {@code Pre-Depends}, {@code Recommends}, {@code Suggests}): relations
 * separated by commas, each one or more alternatives separated by {@code |}, each alternative a package name with an
 * optional architecture qualifier ({@code perl:any}), version relation ({@code (>= 2.34)}), architecture restriction
 * ({@code [amd64 !i386]}) and build profiles ({@code <!nocheck>}). {@code Provides} is read by the same rules, less the
 * alternatives (Debian policy 7.5).
 */
public final class PackageRelations {

    private static final Pattern ALTERNATIVE = Pattern.compile(
            "([A-Za-z0-9][A-Za-z0-9+.-]*)(?::([A-Za-z0-9-]+))?"
                    + "\\s*(?:\\(\\s*(<<|<=|>=|>>|=|<|>)\\s*([^\\s()]+)\\s*\\))?"
                    + "\\s*(?:\\[([^\\]]*)\\])?"
                    + "\\s*((?:<[^<>]*>\\s*)*)");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    /** One alternative: the package it names, the version relation it asks for, the architectures it applies on. */
    public record Alternative(String name, String architectureQualifier, String operator, String version,
                              List<String> architectures) {

        /** The version relation as {@code ">= 2.34"}, or {@code *} when any version does. */
        public String requirement() {
            return operator == null ? "*" : operator + " " + version;
        }

        /** Whether the alternative applies on the architecture ({@code [amd64]}, {@code [!i386]}, {@code [linux-any]}). */
        public boolean appliesOn(String architecture) {
            if (architectures.isEmpty()) {
                return true;
            }
            boolean negated = architectures.getFirst().startsWith("!");
            boolean listed = architectures.stream().map(a -> a.replaceFirst("^!", ""))
                    .anyMatch(a -> matches(a, architecture));
            return negated != listed;
        }

        private static boolean matches(String wildcard, String architecture) {
            return wildcard.equals(architecture) || wildcard.equals("any") || wildcard.equals("linux-any")
                    || wildcard.equals("any-" + architecture) || wildcard.equals("linux-" + architecture);
        }
    }

    /** One relation: its alternatives (one or more) and its text as written, whitespace folded. */
    public record Relation(String text, List<Alternative> alternatives) {
    }

    private PackageRelations() {
    }

    /**
     * The relations of a field's value; an empty or absent value has none.
     *
     * @throws IllegalArgumentException naming the alternative that is not {@code name[:arch] [(op version)] [[archs]]}
     */
    public static List<Relation> parse(String field) {
        List<Relation> relations = new ArrayList<>();
        if (field == null) {
            return relations;
        }
        for (String part : field.split(",")) {
            String text = WHITESPACE.matcher(part.strip()).replaceAll(" ");
            if (text.isEmpty()) {
                continue;
            }
            List<Alternative> alternatives = new ArrayList<>();
            for (String alternative : text.split("\\|")) {
                alternatives.add(alternative(alternative.strip(), text));
            }
            relations.add(new Relation(text, List.copyOf(alternatives)));
        }
        return relations;
    }

    /**
     * The names a {@code Provides} field declares, each as one alternative: comma-separated, each optionally versioned
     * ({@code libcurl4 (= 8.14.1-2)}); an empty or absent value declares none.
     *
     * @throws IllegalArgumentException naming an entry that cannot be read, or one with alternatives ({@code a | b}),
     *                                  which a {@code Provides} field cannot have (dpkg refuses such a package)
     */
    public static List<Alternative> provides(String field) {
        List<Alternative> provided = new ArrayList<>();
        for (Relation relation : parse(field)) {
            if (relation.alternatives().size() > 1) {
                throw new IllegalArgumentException("the entry '" + relation.text()
                        + "' has alternatives, which Provides cannot have");
            }
            provided.add(relation.alternatives().getFirst());
        }
        return provided;
    }

    private static Alternative alternative(String text, String relation) {
        Matcher m = ALTERNATIVE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("the relation '" + relation + "' has an alternative '" + text
                    + "' that is not name[:arch] [(op version)] [[architectures]]");
        }
        List<String> architectures = m.group(5) == null || m.group(5).isBlank() ? List.of()
                : List.of(m.group(5).strip().split("\\s+"));
        if (architectures.stream().map(a -> a.startsWith("!")).distinct().count() > 1) {
            throw new IllegalArgumentException("the relation '" + relation + "' mixes listed and excluded architectures");
        }
        return new Alternative(m.group(1), m.group(2), m.group(3), m.group(4), architectures);
    }
}
