package dev.quintet.packages.registry;

import java.util.List;

/** Reads one package manager's public metadata API. Implementations throw {@link UpstreamFailure} on any failure. */
public interface RegistryAdapter {

    Ecosystem ecosystem();

    /** The project with its versions; with validators of an earlier answer, possibly {@link ProjectFetch.NotModified}. */
    ProjectFetch fetch(String name, Validators known);

    /** Dependencies of one version, for ecosystems whose project document does not carry them. */
    default List<UpstreamDependency> dependencies(String name, String version) {
        return List.of();
    }
}
