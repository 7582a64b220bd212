package dev.quintet.packages.registry;

/**
 * One declared dependency.
 *
 * @param kind runtime, development, optional, peer, build or test; or managed, for a Maven dependencyManagement
 *             entry, which is no dependency but a rule for transitive ones (stored apart from the dependencies)
 * @param details the ecosystem's further facts about it
 * @param declared the dependency as the package wrote it, where that says more than name and requirements (a Debian
 *                 relation with its alternatives, {@code debconf (>= 0.5) | debconf-2.0}); null elsewhere
 */
public record UpstreamDependency(String name, String requirements, String kind, boolean optional,
                                 DependencyDetails details, String declared) {

    public static final String MANAGED = "managed";

    public UpstreamDependency {
        details = details == null ? DependencyDetails.NONE : details;
    }

    public UpstreamDependency(String name, String requirements, String kind, boolean optional) {
        this(name, requirements, kind, optional, DependencyDetails.NONE, null);
    }

    public UpstreamDependency(String name, String requirements, String kind, boolean optional,
                              DependencyDetails details) {
        this(name, requirements, kind, optional, details, null);
    }

    public UpstreamDependency(String name, String requirements, String kind, boolean optional, String declared) {
        this(name, requirements, kind, optional, DependencyDetails.NONE, declared);
    }
}
