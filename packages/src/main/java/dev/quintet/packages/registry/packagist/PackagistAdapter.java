package dev.quintet.packages.registry.packagist;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads Packagist's Composer v2 metadata {@code <repo>/p2/<vendor>/<package>.json} (tagged releases; conditionally).
 * Its {@code composer/2.0} minified form lists each version as the changes from the one before ({@code "__unset"}
 * removes a field); it is expanded here. {@code require} gives runtime and {@code require-dev} development
 * dependencies; platform requirements ({@code php}, {@code ext-*}, {@code lib-*}), which are not packages, are left
 * out. An {@code abandoned} package is deprecated.
 */
public final class PackagistAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public PackagistAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.PACKAGIST;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        String lower = name.toLowerCase(Locale.ROOT);
        URI uri = UpstreamHttp.resolve(base, "/p2/" + lower + ".json");
        return http.fetchJson(uri, known, "Composer package metadata", doc -> parse(doc, lower));
    }

    static UpstreamProject parse(JsonNode doc, String name) {
        JsonNode list = doc.path("packages").path(name);
        if (!list.isArray()) {
            throw new IllegalStateException("no packages." + name + " array");
        }
        List<ObjectNode> expanded = expand(list, "composer/2.0".equals(JsonFields.text(doc, "minified")));
        if (expanded.isEmpty()) {
            throw new IllegalStateException("no versions");
        }
        Map<String, ObjectNode> byNumber = new LinkedHashMap<>();
        List<UpstreamVersion> versions = new ArrayList<>();
        for (ObjectNode v : expanded) {
            String number = JsonFields.text(v, "version");
            if (number == null || byNumber.containsKey(number)) {
                continue;
            }
            byNumber.put(number, v);
            List<String> licenses = JsonFields.texts(v, "license");
            versions.add(new UpstreamVersion(number, JsonFields.instant(JsonFields.text(v, "time")),
                    licenses.isEmpty() ? null : String.join(" OR ", licenses), abandoned(v) ? "deprecated" : null,
                    dependencies(v)));
        }
        List<String> numbers = List.copyOf(byNumber.keySet());
        String newest = Releases.latestStable(numbers, Ecosystem.PACKAGIST.versions())
                .or(() -> Releases.latest(numbers, Ecosystem.PACKAGIST.versions())).orElse(numbers.getFirst());
        ObjectNode latest = byNumber.get(newest);
        return new UpstreamProject(JsonFields.text(latest, "name") == null ? name : JsonFields.text(latest, "name"),
                JsonFields.text(latest, "description"), JsonFields.text(latest, "homepage"),
                JsonFields.repositoryUrl(JsonFields.text(latest.path("source"), "url")), JsonFields.texts(latest, "license"),
                JsonFields.texts(latest, "keywords"), abandoned(latest) ? "deprecated" : "active", versions);
    }

    /** Undoes the minified form: each entry inherits every field of the one before unless it sets or unsets it. */
    static List<ObjectNode> expand(JsonNode list, boolean minified) {
        List<ObjectNode> out = new ArrayList<>();
        ObjectNode previous = null;
        for (JsonNode item : list.values()) {
            if (!item.isObject()) {
                continue;
            }
            ObjectNode current = minified && previous != null ? previous.deepCopy() : ((ObjectNode) item).objectNode();
            for (var field : item.properties()) {
                if (field.getValue().isString() && field.getValue().asString().equals("__unset")) {
                    current.remove(field.getKey());
                } else {
                    current.set(field.getKey(), field.getValue());
                }
            }
            out.add(current);
            previous = current;
        }
        return out;
    }

    static List<UpstreamDependency> dependencies(JsonNode version) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (String field : List.of("require", "require-dev")) {
            JsonNode deps = version.path(field);
            if (!deps.isObject()) {
                continue;
            }
            for (var d : deps.properties()) {
                if (d.getKey().contains("/") && d.getValue().isString()) {
                    out.add(new UpstreamDependency(d.getKey(), d.getValue().asString().strip(),
                            field.equals("require") ? "runtime" : "development", false));
                }
            }
        }
        return out;
    }

    private static boolean abandoned(JsonNode version) {
        JsonNode a = version.path("abandoned");
        return a.isBoolean() ? a.asBoolean() : a.isString() && !a.asString().isBlank();
    }
}
