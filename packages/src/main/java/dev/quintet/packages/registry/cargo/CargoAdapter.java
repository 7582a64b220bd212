package dev.quintet.packages.registry.cargo;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <crates.io>/api/v1/crates/<name>} (versions with yanked flags and feature tables) and
 * {@code .../<name>/<version>/dependencies} (with each dependency's features and default-features).
 */
public final class CargoAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public CargoAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CARGO;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = uri("/api/v1/crates/" + name);
        return http.fetchJson(uri, known, "a crate document", CargoAdapter::parse);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(uri("/api/v1/crates/" + name + "/" + version + "/dependencies"), "a dependency list",
                CargoAdapter::dependencies);
    }

    static UpstreamProject parse(JsonNode doc) {
        JsonNode krate = doc.path("crate");
        if (!krate.isObject() || !doc.path("versions").isArray()) {
            throw new IllegalStateException("no crate object or versions array");
        }
        List<UpstreamVersion> versions = new ArrayList<>();
        List<String> licenses = new ArrayList<>();
        for (JsonNode v : doc.path("versions").values()) {
            String license = JsonFields.text(v, "license");
            if (licenses.isEmpty() && license != null) {
                licenses.add(license);
            }
            versions.add(new UpstreamVersion(JsonFields.text(v, "num"), JsonFields.instant(JsonFields.text(v, "created_at")),
                    license, v.path("yanked").asBoolean(false) ? "yanked" : null, null, features(v.path("features")),
                    null));
        }
        List<String> keywords = JsonFields.texts(krate, "keywords");
        return new UpstreamProject(JsonFields.text(krate, "name"), JsonFields.text(krate, "description"),
                JsonFields.text(krate, "homepage"), JsonFields.repositoryUrl(JsonFields.text(krate, "repository")),
                licenses, keywords, "active", versions.stream().filter(v -> v.number() != null).toList());
    }

    static List<UpstreamDependency> dependencies(JsonNode doc) {
        if (!doc.path("dependencies").isArray()) {
            throw new IllegalStateException("no dependencies array");
        }
        List<UpstreamDependency> out = new ArrayList<>();
        for (JsonNode d : doc.path("dependencies").values()) {
            if (JsonFields.text(d, "crate_id") == null) {
                throw new IllegalStateException("a dependency without crate_id");
            }
            String kind = switch (String.valueOf(JsonFields.text(d, "kind"))) {
                case "dev" -> "development";
                case "build" -> "build";
                default -> "runtime";
            };
            boolean optional = d.path("optional").asBoolean(false);
            out.add(new UpstreamDependency(JsonFields.text(d, "crate_id"), JsonFields.text(d, "req"),
                    optional && kind.equals("runtime") ? "optional" : kind, optional,
                    DependencyDetails.cargo(JsonFields.texts(d, "features"), d.path("default_features").asBoolean(true))));
        }
        return out;
    }

    /** A version's feature table; an empty one when the document has none. */
    private static Map<String, List<String>> features(JsonNode table) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var feature : table.properties()) {
            List<String> enables = new ArrayList<>();
            for (JsonNode item : feature.getValue().values()) {
                if (item.isString()) {
                    enables.add(item.asString());
                }
            }
            out.put(feature.getKey(), List.copyOf(enables));
        }
        return out;
    }

    private URI uri(String path) {
        return URI.create(base.toString().replaceFirst("/$", "") + path);
    }
}
