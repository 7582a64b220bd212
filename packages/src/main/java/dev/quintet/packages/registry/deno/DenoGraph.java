package dev.quintet.packages.registry.deno;

import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The direct dependencies in a deps_v2 module graph: modules on deno.land ({@code /x/<name>@<version>/...} and
 * {@code /std@<version>/...}) imported by the module's own files; the requirement is the imported version.
 * Imports only from examples, tests and benchmarks are development dependencies. Other hosts (esm.sh, raw
 * GitHub files, {@code npm:} and {@code jsr:} specifiers) are not Deno modules and are left out.
 */
final class DenoGraph {

    private static final Pattern MODULE = Pattern.compile("https://deno\\.land/(?:x/([a-z0-9_]+)|(std))(?:@([^/]+))?/.*");
    private static final Pattern DEVELOPMENT = Pattern.compile("(^|/)(examples?|tests?|testdata|bench(es|marks?)?)/|[._]test\\.[jt]sx?$|(^|/)test\\.[jt]sx?$");

    private DenoGraph() {
    }

    static List<UpstreamDependency> dependencies(JsonNode nodes, String name, String version) {
        String own = "https://deno.land/x/" + name + "@" + version + "/";
        Map<String, UpstreamDependency> out = new LinkedHashMap<>();
        for (var node : nodes.properties()) {
            if (!node.getKey().startsWith(own)) {
                continue;
            }
            boolean development = DEVELOPMENT.matcher(node.getKey().substring(own.length() - 1)).find();
            for (JsonNode dep : node.getValue().path("deps").values()) {
                Matcher m = dep.isString() ? MODULE.matcher(dep.asString()) : null;
                if (m == null || !m.matches() || dep.asString().startsWith(own)) {
                    continue;
                }
                String module = m.group(1) != null ? m.group(1) : m.group(2);
                String requirement = m.group(3) != null ? m.group(3) : "*";
                UpstreamDependency seen = out.get(module);
                if (seen == null || (seen.kind().equals("development") && !development)) {
                    out.put(module, new UpstreamDependency(module, requirement, development ? "development" : "runtime", false));
                }
            }
        }
        return new ArrayList<>(out.values());
    }
}
