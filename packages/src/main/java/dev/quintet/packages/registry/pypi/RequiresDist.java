package dev.quintet.packages.registry.pypi;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads PEP 508 requirement lines ({@code requests[socks] (>=2.0) ; extra == "socks"}) from requires_dist, keeping
 * the marker and the requested extras.
 */
final class RequiresDist {

    private static final Pattern LINE = Pattern.compile(
            "\\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\\s*(\\[[^\\]]*])?\\s*([^;]*?)\\s*(?:;(.*))?");
    private static final Pattern EXTRA = Pattern.compile("extra\\s*==\\s*['\"]([^'\"]+)['\"]");
    private static final Set<String> DEVELOPMENT = Set.of("dev", "develop", "development", "lint", "docs", "doc");
    private static final Set<String> TEST = Set.of("test", "tests", "testing");

    private RequiresDist() {
    }

    static List<UpstreamDependency> parse(List<String> lines) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String spec = m.group(3).strip();
            if (spec.startsWith("(") && spec.endsWith(")")) {
                spec = spec.substring(1, spec.length() - 1).strip();
            }
            if (spec.startsWith("@")) {
                spec = spec.substring(1).strip();
            }
            String marker = m.group(4) == null ? "" : m.group(4);
            Matcher extra = EXTRA.matcher(marker);
            String kind = "runtime";
            boolean optional = false;
            if (extra.find()) {
                String name = extra.group(1).toLowerCase(Locale.ROOT);
                kind = DEVELOPMENT.contains(name) ? "development" : TEST.contains(name) ? "test" : "optional";
                optional = true;
            }
            out.add(new UpstreamDependency(m.group(1), spec.isEmpty() ? "*" : spec, kind, optional,
                    DependencyDetails.python(m.group(4), extras(m.group(2)))));
        }
        return out;
    }

    private static List<String> extras(String bracketed) {
        if (bracketed == null) {
            return List.of();
        }
        return Arrays.stream(bracketed.substring(1, bracketed.length() - 1).split(","))
                .map(String::strip).filter(e -> !e.isEmpty()).toList();
    }
}
