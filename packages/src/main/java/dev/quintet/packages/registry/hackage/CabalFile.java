package dev.quintet.packages.registry.hackage;

import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code build-depends} of a {@code .cabal} file, by stanza: {@code library} (named ones too) and
 * {@code executable} → runtime, {@code test-suite} → test, {@code benchmark} → development; dependencies inside
 * {@code if} blocks count as well. The package's own (internal) libraries are left out; a name listed in several
 * stanzas appears once per kind, with the first range seen ({@code -any} when none is given).
 */
final class CabalFile {

    private static final Pattern STANZA = Pattern.compile("(?i)(library|executable|test-suite|benchmark|foreign-library|common|flag|source-repository|custom-setup)\\b.*");
    private static final Pattern FIELD = Pattern.compile("(?i)\\s*build-depends\\s*:(.*)");
    private static final Pattern OTHER_FIELD = Pattern.compile("\\s*[A-Za-z][A-Za-z0-9-]*\\s*:.*");
    private static final Pattern DEPENDENCY = Pattern.compile("([A-Za-z0-9][A-Za-z0-9-]*)(?::[A-Za-z0-9{},\\s-]+?)?\\s*(.*)");

    private CabalFile() {
    }

    static List<UpstreamDependency> dependencies(String cabal, String packageName) {
        List<UpstreamDependency> deps = new ArrayList<>();
        String kind = null;
        StringBuilder field = null;
        int fieldIndent = 0;
        for (String line : cabal.split("\\R")) {
            String stripped = line.strip();
            int indent = line.length() - line.stripLeading().length();
            if (field != null && (stripped.isEmpty() || stripped.startsWith("--") || indent > fieldIndent)
                    && !OTHER_FIELD.matcher(line).matches() && !stripped.matches("(?i)(if|else)\\b.*")) {
                field.append(stripped.startsWith("--") ? "" : " " + stripped);
                continue;
            }
            if (field != null) {
                add(deps, field.toString(), kind, packageName);
                field = null;
            }
            Matcher stanza = STANZA.matcher(line);
            if (indent == 0 && stanza.matches()) {
                kind = kind(stanza.group(1).toLowerCase(Locale.ROOT));
                continue;
            }
            Matcher m = FIELD.matcher(line);
            if (kind != null && m.matches()) {
                field = new StringBuilder(m.group(1));
                fieldIndent = indent;
            }
        }
        if (field != null) {
            add(deps, field.toString(), kind, packageName);
        }
        return deps;
    }

    private static String kind(String stanza) {
        return switch (stanza) {
            case "library", "executable", "foreign-library", "common" -> "runtime";
            case "test-suite" -> "test";
            case "benchmark" -> "development";
            default -> null;
        };
    }

    private static void add(List<UpstreamDependency> deps, String field, String kind, String packageName) {
        for (String item : field.split(",")) {
            Matcher m = DEPENDENCY.matcher(item.strip());
            if (!m.matches() || m.group(1).isEmpty() || m.group(1).equals(packageName)) {
                continue;
            }
            String range = m.group(2).strip().isEmpty() ? "-any" : m.group(2).strip();
            if (deps.stream().noneMatch(d -> d.name().equals(m.group(1)) && d.kind().equals(kind))) {
                deps.add(new UpstreamDependency(m.group(1), range, kind, false));
            }
        }
    }
}
