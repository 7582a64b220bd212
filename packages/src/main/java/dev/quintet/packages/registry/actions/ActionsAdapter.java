package dev.quintet.packages.registry.actions;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.registry.repos.Repository;
import dev.quintet.packages.registry.repos.RepositoryIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * GitHub Actions named {@code owner/repo}: the repository and its tags from repos.ecosyste.ms; versions are the
 * tags that are versions ({@code v4}, {@code v4.1.2}), dated by their commit. A version's dependencies are the
 * actions its composite steps use ({@code uses: owner/repo[/path]@ref}, requirement = the ref), read from
 * {@code action.yml} (else {@code action.yaml}) at its tag; local ({@code ./}) and {@code docker://} steps are
 * left out, as are JavaScript and Docker actions, which declare none.
 */
public final class ActionsAdapter implements RegistryAdapter {

    private final RepositoryIndex repositories;

    public ActionsAdapter(RepositoryIndex repositories) {
        this.repositories = repositories;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.ACTIONS;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        Optional<Repository> found = repositories.lookup("https://github.com/" + name);
        if (found.isEmpty()) {
            return new ProjectFetch.Missing();
        }
        Repository r = found.get();
        List<UpstreamVersion> versions = repositories.tags(r).stream()
                .filter(t -> Ecosystem.ACTIONS.versions().isValid(t.name()))
                .map(t -> new UpstreamVersion(t.name(), t.publishedAt(), r.license(), null, null)).toList();
        return new ProjectFetch.Fetched(new UpstreamProject(r.fullName(), r.description(), r.homepage(), r.url(),
                r.license() == null ? List.of() : List.of(r.license()), r.topics(),
                r.archived() ? "deprecated" : "active", versions), Validators.NONE);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        String file = "action.yml";
        Optional<String> manifest = repositories.file(name, version, file);
        if (manifest.isEmpty()) {
            file = "action.yaml";
            manifest = repositories.file(name, version, file);
        }
        if (manifest.isEmpty()) {
            return List.of();
        }
        try {
            return uses(new Yaml(new SafeConstructor(new LoaderOptions())).load(manifest.get()));
        } catch (YAMLException | ClassCastException e) {
            throw UpstreamHttp.badAnswer(repositories.fileUri(name, version, file), "not an action manifest").failure(e);
        }
    }

    static List<UpstreamDependency> uses(Object document) {
        if (!(document instanceof Map<?, ?> action)) {
            throw new ClassCastException("the manifest is not a mapping");
        }
        List<UpstreamDependency> deps = new ArrayList<>();
        if (action.get("runs") instanceof Map<?, ?> runs && runs.get("steps") instanceof List<?> steps) {
            for (Object step : steps) {
                if (step instanceof Map<?, ?> s && s.get("uses") instanceof String uses) {
                    dependency(uses.strip()).filter(d -> deps.stream().noneMatch(x -> x.name().equals(d.name())))
                            .ifPresent(deps::add);
                }
            }
        }
        return deps;
    }

    private static Optional<UpstreamDependency> dependency(String uses) {
        int at = uses.lastIndexOf('@');
        if (uses.startsWith("./") || uses.startsWith("docker://") || at <= 0) {
            return Optional.empty();
        }
        String[] path = uses.substring(0, at).split("/");
        if (path.length < 2) {
            return Optional.empty();
        }
        return Optional.of(new UpstreamDependency(path[0] + "/" + path[1], uses.substring(at + 1), "runtime", false));
    }
}
