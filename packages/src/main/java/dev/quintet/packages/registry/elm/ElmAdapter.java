package dev.quintet.packages.registry.elm;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <elm>/packages/<author>/<project>/releases.json} (version to publication time; conditionally) and the
 * newest version's {@code elm.json} (summary, licence, dependencies); other versions' {@code elm.json} when their
 * dependencies are asked for. Elm packages are GitHub repositories named like the package.
 */
public final class ElmAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public ElmAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.ELM;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI releases = UpstreamHttp.resolve(base, "/packages/" + name + "/releases.json");
        return http.fetchJson(releases, known, "an Elm release list", doc -> {
            List<String> numbers = new ArrayList<>();
            doc.properties().forEach(e -> numbers.add(e.getKey()));
            String newest = Releases.latest(numbers, Ecosystem.ELM.versions())
                    .orElseThrow(() -> new IllegalStateException("no versions"));
            return parse(name, doc, newest, http.requireJson(elmJson(name, newest), "an elm.json"));
        });
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return dependencies(http.requireJson(elmJson(name, version), "an elm.json"));
    }

    static UpstreamProject parse(String name, JsonNode releases, String newest, JsonNode elmJson) {
        if (!releases.isObject()) {
            throw new IllegalStateException("the release list is not an object");
        }
        String license = JsonFields.text(elmJson, "license");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (var e : releases.properties()) {
            Instant published = e.getValue().isNumber() ? Instant.ofEpochSecond(e.getValue().asLong()) : null;
            boolean current = e.getKey().equals(newest);
            versions.add(new UpstreamVersion(e.getKey(), published, current ? license : null, null,
                    current ? dependencies(elmJson) : null));
        }
        return new UpstreamProject(name, JsonFields.text(elmJson, "summary"), null, "https://github.com/" + name,
                license == null ? List.of() : List.of(license), List.of(), "active", versions);
    }

    static List<UpstreamDependency> dependencies(JsonNode elmJson) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (String field : List.of("dependencies", "test-dependencies")) {
            for (var d : elmJson.path(field).properties()) {
                if (d.getValue().isString()) {
                    out.add(new UpstreamDependency(d.getKey(), d.getValue().asString().strip(),
                            field.equals("dependencies") ? "runtime" : "test", false));
                }
            }
        }
        return out;
    }

    private URI elmJson(String name, String version) {
        return UpstreamHttp.resolve(base, "/packages/" + name + "/" + version + "/elm.json");
    }
}
