package dev.quintet.packages.registry.swiftpm;

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
import java.util.List;
import java.util.Optional;

/**
 * Swift packages named {@code github.com/owner/repo}: the repository (description, licence, topics) and its tags
 * from repos.ecosyste.ms; versions are the tags that are versions ({@code 1.2.3}, {@code v1.2}), dated by their
 * commit. A version's dependencies are read from {@code Package.swift} at its tag ({@link PackageManifest}).
 */
public final class SwiftPmAdapter implements RegistryAdapter {

    private final RepositoryIndex repositories;

    public SwiftPmAdapter(RepositoryIndex repositories) {
        this.repositories = repositories;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.SWIFTPM;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        Optional<Repository> found = repositories.lookup("https://" + name);
        if (found.isEmpty()) {
            return new ProjectFetch.Missing();
        }
        Repository r = found.get();
        List<UpstreamVersion> versions = repositories.tags(r).stream()
                .filter(t -> Ecosystem.SWIFTPM.versions().isValid(t.name()))
                .map(t -> new UpstreamVersion(t.name(), t.publishedAt(), r.license(), null, null)).toList();
        return new ProjectFetch.Fetched(new UpstreamProject("github.com/" + r.fullName(), r.description(),
                r.homepage(), r.url(), r.license() == null ? List.of() : List.of(r.license()), r.topics(),
                r.archived() ? "deprecated" : "active", versions), Validators.NONE);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        String fullName = name.substring(name.indexOf('/') + 1);
        Optional<String> manifest = repositories.file(fullName, version, "Package.swift");
        if (manifest.isPresent()) {
            return PackageManifest.declared(manifest.get());
        }
        return repositories.file(fullName, version, "Package.resolved").map(resolved -> {
            try {
                return PackageManifest.pinned(resolved);
            } catch (IllegalStateException e) {
                throw UpstreamHttp.badAnswer(repositories.fileUri(fullName, version, "Package.resolved"),
                        "not a Package.resolved (" + e.getMessage() + ")").failure(e);
            }
        }).orElse(List.of());
    }
}
