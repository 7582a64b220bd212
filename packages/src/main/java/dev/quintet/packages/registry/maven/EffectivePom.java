package dev.quintet.packages.registry.maven;

import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A POM merged with its parents, nearest first: properties, licences, SCM URL and dependencyManagement are
 * inherited, {@code ${...}} references interpolated. Imported BOMs are not followed.
 */
record EffectivePom(List<Pom> chain) {

    Map<String, String> properties() {
        Map<String, String> props = new HashMap<>();
        for (int i = chain.size() - 1; i >= 0; i--) {
            Pom p = chain.get(i);
            props.putAll(p.properties());
            String version = p.version() != null ? p.version() : p.parent() == null ? null : p.parent().version();
            String group = p.groupId() != null ? p.groupId() : p.parent() == null ? null : p.parent().groupId();
            putIfPresent(props, "project.version", version);
            putIfPresent(props, "project.groupId", group);
            putIfPresent(props, "project.artifactId", p.artifactId());
            if (p.parent() != null) {
                putIfPresent(props, "project.parent.version", p.parent().version());
                putIfPresent(props, "project.parent.groupId", p.parent().groupId());
            }
        }
        props.put("project.version", version(chain.getFirst()));
        props.put("project.artifactId", chain.getFirst().artifactId());
        return props;
    }

    private static void putIfPresent(Map<String, String> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static String version(Pom pom) {
        return pom.version() != null ? pom.version() : pom.parent() == null ? null : pom.parent().version();
    }

    String description() {
        return interpolate(chain.getFirst().description());
    }

    String url() {
        return interpolate(chain.getFirst().url());
    }

    List<String> licenses() {
        return chain.stream().map(Pom::licenses).filter(l -> !l.isEmpty()).findFirst().orElse(List.of());
    }

    String scmUrl() {
        return chain.stream().map(Pom::scmUrl).filter(u -> u != null).findFirst().map(this::interpolate).orElse(null);
    }

    List<UpstreamDependency> dependencies() {
        Map<String, String> props = properties();
        Map<String, Pom.PomDependency> managed = new HashMap<>();
        for (Pom p : chain) {
            for (Pom.PomDependency d : p.managed()) {
                managed.putIfAbsent(Pom.interpolate(d.groupId(), props) + ":" + Pom.interpolate(d.artifactId(), props), d);
            }
        }
        List<UpstreamDependency> out = new ArrayList<>();
        for (Pom.PomDependency d : chain.getFirst().dependencies()) {
            String name = Pom.interpolate(d.groupId(), props) + ":" + Pom.interpolate(d.artifactId(), props);
            Pom.PomDependency m = managed.get(name);
            String version = d.version() != null ? d.version() : m == null ? null : m.version();
            String scope = d.scope() != null ? d.scope() : m == null ? null : m.scope();
            String resolved = Pom.interpolate(version, props);
            out.add(new UpstreamDependency(name, resolved == null ? "*" : resolved, kind(scope), d.optional()));
        }
        return out;
    }

    private String interpolate(String value) {
        return Pom.interpolate(value, properties());
    }

    private static String kind(String scope) {
        return switch (scope == null ? "compile" : scope) {
            case "test" -> "test";
            case "provided", "system", "import" -> "build";
            default -> "runtime";
        };
    }
}
