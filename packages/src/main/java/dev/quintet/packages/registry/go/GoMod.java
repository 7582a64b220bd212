package dev.quintet.packages.registry.go;

import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.versions.VersionScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a go.mod file declares: direct requirements ({@code // indirect} ones are left out), retracted versions
 * and ranges, and a {@code // Deprecated:} comment on the module line.
 */
record GoMod(List<UpstreamDependency> requirements, List<String[]> retracted, boolean deprecated) {

    private static final Pattern REQUIRE = Pattern.compile("(\\S+)\\s+(v\\S+)(.*)");
    private static final Pattern RANGE = Pattern.compile("\\[\\s*(v\\S+?)\\s*,\\s*(v\\S+?)\\s*]");

    static GoMod parse(String text) {
        List<UpstreamDependency> requirements = new ArrayList<>();
        List<String[]> retracted = new ArrayList<>();
        boolean deprecated = false;
        String block = null;
        String previousComment = "";
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (block != null && line.equals(")")) {
                block = null;
                continue;
            }
            String directive = block;
            String rest = line;
            if (block == null) {
                String[] words = line.split("\\s+", 2);
                directive = words[0];
                rest = words.length > 1 ? words[1].strip() : "";
                if (rest.equals("(")) {
                    block = directive;
                    continue;
                }
            }
            switch (directive) {
                case "module" -> deprecated |= line.contains("// Deprecated:") || previousComment.startsWith("// Deprecated:");
                case "require" -> require(rest, requirements);
                case "retract" -> retract(rest, retracted);
                default -> { }
            }
            previousComment = line.startsWith("//") ? line : "";
        }
        return new GoMod(List.copyOf(requirements), List.copyOf(retracted), deprecated);
    }

    private static void require(String spec, List<UpstreamDependency> out) {
        Matcher m = REQUIRE.matcher(spec);
        if (m.matches() && !m.group(3).contains("// indirect")) {
            out.add(new UpstreamDependency(unquote(m.group(1)), m.group(2), "runtime", false));
        }
    }

    private static void retract(String spec, List<String[]> out) {
        String s = spec.replaceFirst("//.*", "").strip();
        Matcher m = RANGE.matcher(s);
        if (m.matches()) {
            out.add(new String[] {m.group(1), m.group(2)});
        } else if (s.matches("v\\S+")) {
            out.add(new String[] {s, s});
        }
    }

    boolean retracts(String version, VersionScheme scheme) {
        return retracted.stream().anyMatch(r -> scheme.compare(version, r[0]) >= 0 && scheme.compare(version, r[1]) <= 0);
    }

    private static String unquote(String s) {
        return s.length() > 1 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }
}
