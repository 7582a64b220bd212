package dev.quintet.packages.resolve;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/** The exclusions in force on one path of a Maven graph: {@code groupId:artifactId} patterns, {@code *} matching any. */
record MavenExclusions(Set<String> patterns) {

    static final MavenExclusions NONE = new MavenExclusions(Set.of());

    MavenExclusions with(Collection<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        Set<String> all = new LinkedHashSet<>(patterns);
        all.addAll(more);
        return new MavenExclusions(Set.copyOf(all));
    }

    boolean excludes(String name) {
        int colon = name.indexOf(':');
        String group = colon < 0 ? name : name.substring(0, colon);
        String artifact = colon < 0 ? "" : name.substring(colon + 1);
        for (String pattern : patterns) {
            int c = pattern.indexOf(':');
            String g = c < 0 ? pattern : pattern.substring(0, c);
            String a = c < 0 ? "*" : pattern.substring(c + 1);
            if ((g.equals("*") || g.equals(group)) && (a.equals("*") || a.equals(artifact))) {
                return true;
            }
        }
        return false;
    }
}
