package dev.quintet.packages.registry;

/**
 * One declared dependency.
 *
 * @param kind runtime, development, optional, peer, build or test; or managed, for a Maven dependencyManagement
 *             entry, which is no dependency but a rule for transitive ones (stored apart from the dependencies)
 * @param details the ecosystem's further facts about it
 */
public record UpstreamDependency(String name, String requirements, String kind, boolean optional,
                                 DependencyDetails details) {

    public static final String MANAGED = "managed";

    public UpstreamDependency {
        details = details == null ? DependencyDetails.NONE : details;
    }

    public UpstreamDependency(String name, String requirements, String kind, boolean optional) {
        this(name, requirements, kind, optional, DependencyDetails.NONE);
    }
}
