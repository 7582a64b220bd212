package dev.quintet.packages.registry.cocoapods;

import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The dependencies a podspec declares: its own, those of the subspecs a plain {@code pod 'Name'} installs (the
 * {@code default_subspecs}, else all of them, recursively) as runtime, and those of its test specs as test.
 * A subspec dependency ({@code Moya/RxSwift}) names its pod ({@code Moya}); the pod's own subspecs are left out.
 */
final class Podspecs {

    private Podspecs() {
    }

    static List<UpstreamDependency> dependencies(JsonNode spec, String pod) {
        Map<String, UpstreamDependency> out = new LinkedHashMap<>();
        collect(spec, pod, "runtime", out);
        for (JsonNode test : spec.path("testspecs").values()) {
            collect(test, pod, "test", out);
        }
        return new ArrayList<>(out.values());
    }

    private static void collect(JsonNode spec, String pod, String kind, Map<String, UpstreamDependency> out) {
        for (var d : spec.path("dependencies").properties()) {
            String name = d.getKey().split("/", 2)[0].strip();
            if (name.isEmpty() || name.equals(pod) || out.containsKey(name + " " + kind)) {
                continue;
            }
            List<String> clauses = new ArrayList<>();
            for (JsonNode r : d.getValue().values()) {
                if (r.isString() && !r.asString().isBlank()) {
                    clauses.add(r.asString().strip());
                }
            }
            out.put(name + " " + kind, new UpstreamDependency(name, clauses.isEmpty() ? ">= 0" : String.join(", ", clauses), kind, false));
        }
        List<String> defaults = JsonFields.texts(spec, "default_subspecs");
        for (JsonNode sub : spec.path("subspecs").values()) {
            String subName = JsonFields.text(sub, "name");
            if (defaults.isEmpty() || defaults.contains(subName)) {
                collect(sub, pod, kind, out);
            }
        }
    }
}
