package dev.quintet.packages.registry.julia;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.versions.Releases;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <juliahub>/docs/General/<name>/versions.json} (the registered versions; conditionally) and the
 * newest version's {@code /docs/General/<name>/<version>/pkg.json} (description, licence, repository, direct
 * dependencies with their compat ranges); other versions' pkg.json when their dependencies are asked for.
 * JuliaHub gives release months, not dates, so versions carry none.
 */
public final class JuliaAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public JuliaAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.JULIA;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI versions = UpstreamHttp.resolve(base, "/docs/General/" + name + "/versions.json");
        return http.fetchJson(versions, known, "a JuliaHub version list", list -> {
            List<String> numbers = new ArrayList<>();
            list.values().forEach(v -> {
                if (list.isArray() && v.isString() && !v.asString().isBlank()) {
                    numbers.add(v.asString().strip());
                }
            });
            if (numbers.isEmpty()) {
                throw new IllegalStateException("no version array");
            }
            String newest = Releases.latest(numbers, Ecosystem.JULIA.versions()).orElse(numbers.getLast());
            return http.requireJson(pkgJson(name, newest), "a JuliaHub package document",
                    pkg -> project(name, numbers, newest, pkg));
        });
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(pkgJson(name, version), "a JuliaHub package document", pkg -> {
            requirePackage(pkg);
            return JuliaDeps.direct(pkg.path("deps"));
        });
    }

    static UpstreamProject project(String name, List<String> numbers, String newest, JsonNode pkg) {
        requirePackage(pkg);
        String license = JsonFields.text(pkg, "license");
        List<UpstreamDependency> deps = JuliaDeps.direct(pkg.path("deps"));
        List<UpstreamVersion> versions = new ArrayList<>();
        for (String n : numbers) {
            boolean isNewest = n.equals(newest);
            versions.add(new UpstreamVersion(n, null, isNewest ? license : null, null, isNewest ? deps : null));
        }
        String repository = JsonFields.repositoryUrl(JsonFields.text(pkg, "url"));
        String homepage = JsonFields.text(pkg, "homepage");
        return new UpstreamProject(name, JsonFields.text(pkg, "description"), homepage != null ? homepage : repository,
                repository, license == null ? List.of() : List.of(license), JsonFields.texts(pkg, "tags"), "active", versions);
    }

    private static void requirePackage(JsonNode pkg) {
        if (!pkg.isObject() || JsonFields.text(pkg, "name") == null) {
            throw new IllegalStateException("no package name");
        }
    }

    private URI pkgJson(String name, String version) {
        return UpstreamHttp.resolve(base, "/docs/General/" + name + "/" + version + "/pkg.json");
    }
}
