package dev.quintet.packages.registry.npm;

import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** The dependency maps of one packument version, as kinds runtime, development, optional and peer. */
final class NpmDependencies {

    private NpmDependencies() {
    }

    static List<UpstreamDependency> of(JsonNode version) {
        List<UpstreamDependency> out = new ArrayList<>();
        JsonNode optional = version.path("optionalDependencies");
        for (var e : version.path("dependencies").properties()) {
            if (!optional.has(e.getKey())) {
                out.add(new UpstreamDependency(e.getKey(), requirement(e.getValue()), "runtime", false));
            }
        }
        for (var e : optional.properties()) {
            out.add(new UpstreamDependency(e.getKey(), requirement(e.getValue()), "optional", true));
        }
        JsonNode peerMeta = version.path("peerDependenciesMeta");
        for (var e : version.path("peerDependencies").properties()) {
            boolean opt = peerMeta.path(e.getKey()).path("optional").asBoolean(false);
            out.add(new UpstreamDependency(e.getKey(), requirement(e.getValue()), "peer", opt));
        }
        for (var e : version.path("devDependencies").properties()) {
            out.add(new UpstreamDependency(e.getKey(), requirement(e.getValue()), "development", false));
        }
        return out;
    }

    private static String requirement(JsonNode value) {
        String s = value.isString() ? value.asString().strip() : "";
        return s.isEmpty() ? "*" : s;
    }
}
