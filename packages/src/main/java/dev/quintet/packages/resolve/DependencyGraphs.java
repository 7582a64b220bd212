package dev.quintet.packages.resolve;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.fetch.DependencyCatalog;
import dev.quintet.packages.fetch.ProjectCatalog;
import dev.quintet.packages.fetch.ProjectVersions;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.PackageSource.Release;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Resolves the dependency graph of one version by its ecosystem's own rules (npm, Maven, PyPI, Cargo), reading
 * projects and dependencies through the cached fetch path within the configured limits.
 */
public final class DependencyGraphs {

    /** The scopes of the root's Maven dependencies that enter a graph unless others are asked for. */
    public static final Set<String> DEFAULT_MAVEN_SCOPES = Set.of("compile", "runtime");
    /** Every Maven scope a graph may be asked to start from. */
    public static final Set<String> MAVEN_SCOPES = Set.of("compile", "runtime", "provided", "test", "system");

    private final PackageCatalog catalog;
    private final PackagesProperties.Tree limits;
    private final Map<Ecosystem, ResolutionStrategy> strategies = new EnumMap<>(Ecosystem.class);

    public DependencyGraphs(ProjectCatalog projects, DependencyCatalog dependencies, PackagesProperties.Tree limits) {
        this(new CachedCatalog(projects, dependencies), limits);
    }

    DependencyGraphs(PackageCatalog catalog, PackagesProperties.Tree limits) {
        this.catalog = catalog;
        this.limits = limits;
        strategies.put(Ecosystem.NPM, new NpmStrategy());
        strategies.put(Ecosystem.MAVEN, new MavenStrategy());
        strategies.put(Ecosystem.PYPI, new PypiStrategy(PythonEnvironment.DEFAULT));
        strategies.put(Ecosystem.CARGO, new CargoStrategy());
    }

    /** The ecosystems graphs are resolved for. */
    public List<Ecosystem> supported() {
        return List.copyOf(strategies.keySet());
    }

    public boolean supports(Ecosystem ecosystem) {
        return strategies.containsKey(ecosystem);
    }

    /** The largest graph a request may ask for. */
    public int maxNodes() {
        return limits.maxNodes();
    }

    /**
     * The graph of a version ({@code latest}, or a number) of a project.
     *
     * @param maxNodes at most the configured limit; empty for that limit
     * @param mavenScopes the scopes of the root's own dependencies that enter a Maven graph
     * @throws dev.quintet.platform.errors.ApiException 404 when the project has no such version
     */
    public ResolvedGraph resolve(Ecosystem ecosystem, StoredProject project, String version, Optional<Integer> maxNodes,
                                 Set<String> mavenScopes) {
        ResolutionStrategy strategy = strategies.get(ecosystem);
        if (strategy == null) {
            throw new IllegalArgumentException("no resolution strategy for " + ecosystem.key());
        }
        StoredVersion root = ProjectVersions.resolve(ecosystem, project, version);
        PackageSource source = new PackageSource(ecosystem, catalog, limits.parallelFetches(), limits.maxUpstreamFetches());
        Resolution resolution = new Resolution(new Release(project, root), source,
                Math.min(maxNodes.orElse(limits.maxNodes()), limits.maxNodes()), limits.maxRounds(), mavenScopes);
        return strategy.resolve(resolution).result();
    }
}
