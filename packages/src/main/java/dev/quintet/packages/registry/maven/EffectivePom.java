package dev.quintet.packages.registry.maven;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A POM merged with its parents, nearest first: properties, licences, SCM URL and dependencyManagement are
 * inherited, {@code ${...}} references interpolated; the dependencyManagement of imported BOMs (themselves
 * effective POMs) follows the POM's own.
 */
record EffectivePom(List<Pom> chain, List<EffectivePom> boms) {

    EffectivePom(List<Pom> chain) {
        this(chain, List.of());
    }

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

    /** The BOMs the dependencyManagement imports (scope import, type pom), nearest POM's first, interpolated. */
    List<Pom.Coordinates> bomImports() {
        Map<String, String> props = properties();
        List<Pom.Coordinates> out = new ArrayList<>();
        for (Pom p : chain) {
            for (Pom.PomDependency d : p.managed()) {
                Pom.PomDependency i = d.interpolated(props);
                if (i.isBomImport() && i.groupId() != null && i.artifactId() != null && i.version() != null) {
                    out.add(new Pom.Coordinates(i.groupId(), i.artifactId(), i.version()));
                }
            }
        }
        return out;
    }

    /**
     * The dependencyManagement entries by management key: the POM's own and inherited ones (nearest POM wins),
     * then those of the imported BOMs in declaration order, each interpolated with its own POM's properties.
     */
    Map<String, Pom.PomDependency> management() {
        Map<String, String> props = properties();
        Map<String, Pom.PomDependency> managed = new LinkedHashMap<>();
        for (Pom p : chain) {
            for (Pom.PomDependency d : p.managed()) {
                Pom.PomDependency i = d.interpolated(props);
                if (!i.isBomImport()) {
                    managed.putIfAbsent(i.managementKey(), i);
                }
            }
        }
        for (EffectivePom bom : boms) {
            bom.management().forEach(managed::putIfAbsent);
        }
        return managed;
    }

    /** The declared dependencies, with versions, scopes and exclusions completed from the management. */
    List<UpstreamDependency> dependencies() {
        Map<String, String> props = properties();
        Map<String, Pom.PomDependency> managed = management();
        List<UpstreamDependency> out = new ArrayList<>();
        for (Pom.PomDependency declared : chain.getFirst().dependencies()) {
            Pom.PomDependency d = declared.interpolated(props);
            Pom.PomDependency m = managed.get(d.managementKey());
            String version = d.version() != null ? d.version() : m == null ? null : m.version();
            String scope = d.scope() != null ? d.scope() : m == null || m.scope() == null ? "compile" : m.scope();
            Set<String> exclusions = new LinkedHashSet<>(d.exclusions());
            if (m != null) {
                exclusions.addAll(m.exclusions());
            }
            out.add(new UpstreamDependency(d.name(), version == null ? "*" : version, kind(scope), d.optional(),
                    DependencyDetails.maven(scope, List.copyOf(exclusions))));
        }
        return out;
    }

    /**
     * The management entries for plain jars, as {@link UpstreamDependency#MANAGED} rows: what the POM, as the root
     * of a resolution, imposes on its transitive dependencies.
     */
    List<UpstreamDependency> managedDependencies() {
        List<UpstreamDependency> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Pom.PomDependency m : management().values()) {
            boolean plainJar = (m.type() == null || m.type().equals("jar")) && m.classifier() == null;
            if (plainJar && seen.add(m.name())) {
                out.add(new UpstreamDependency(m.name(), m.version() == null ? "*" : m.version(), UpstreamDependency.MANAGED,
                        m.optional(), DependencyDetails.maven(m.scope(), m.exclusions())));
            }
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
