package dev.quintet.packages.store;

import dev.quintet.packages.registry.UpstreamDependency;
import java.util.List;

/** The complete dependency list one stored version declares. */
public record DeclaredDependencies(long projectId, String number, List<UpstreamDependency> dependencies) {

    public DeclaredDependencies {
        dependencies = List.copyOf(dependencies);
    }
}
