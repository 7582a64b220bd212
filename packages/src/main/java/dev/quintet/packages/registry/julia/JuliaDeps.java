package dev.quintet.packages.registry.julia;

import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The direct dependencies in a JuliaHub pkg.json {@code deps} field, which comes either as a JSON array or as the
 * text of a Python list of dicts ({@code [{'direct': True, 'name': 'DataFrames', 'versions': ['1.3.0-1']}]}).
 * The requirement is the version ranges joined by commas (Pkg's union); {@code julia} itself is left out.
 */
final class JuliaDeps {

    private static final Pattern ENTRY = Pattern.compile("\\{[^{}]*}");
    private static final Pattern NAME = Pattern.compile("['\"]name['\"]\\s*:\\s*['\"]([^'\"]+)['\"]");
    private static final Pattern DIRECT = Pattern.compile("['\"]direct['\"]\\s*:\\s*(True|true)");
    private static final Pattern VERSIONS = Pattern.compile("['\"]versions['\"]\\s*:\\s*\\[([^]]*)]");
    private static final Pattern QUOTED = Pattern.compile("['\"]([^'\"]+)['\"]");

    private JuliaDeps() {
    }

    static List<UpstreamDependency> direct(JsonNode deps) {
        Map<String, UpstreamDependency> out = new LinkedHashMap<>();
        if (deps.isArray()) {
            for (JsonNode d : deps.values()) {
                if (d.path("direct").asBoolean(false)) {
                    add(out, JsonFields.text(d, "name"), JsonFields.texts(d, "versions"));
                }
            }
        } else if (deps.isString()) {
            Matcher entry = ENTRY.matcher(deps.asString());
            while (entry.find()) {
                String e = entry.group();
                Matcher name = NAME.matcher(e);
                if (DIRECT.matcher(e).find() && name.find()) {
                    add(out, name.group(1), quoted(VERSIONS.matcher(e)));
                }
            }
        } else if (!deps.isMissingNode() && !deps.isNull()) {
            throw new IllegalStateException("deps is neither a list nor its text");
        }
        return new ArrayList<>(out.values());
    }

    private static List<String> quoted(Matcher versions) {
        List<String> out = new ArrayList<>();
        if (versions.find()) {
            Matcher q = QUOTED.matcher(versions.group(1));
            while (q.find()) {
                out.add(q.group(1));
            }
        }
        return out;
    }

    private static void add(Map<String, UpstreamDependency> out, String name, List<String> ranges) {
        if (name == null || name.equals("julia") || out.containsKey(name)) {
            return;
        }
        out.put(name, new UpstreamDependency(name, ranges.isEmpty() ? "*" : String.join(", ", ranges), "runtime", false));
    }
}
