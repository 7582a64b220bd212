package dev.quintet.packages.registry.openvsx;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <open-vsx>/api/<namespace>/<extension>} (the newest version with the list of all versions;
 * conditionally) and {@code .../<version>} for other versions' dependencies. Dependencies are the extension's
 * {@code extensionDependencies} and the extensions it bundles (an extension pack), both runtime and without a
 * version requirement. Only the newest version's date is known.
 */
public final class OpenVsxAdapter implements RegistryAdapter {

    private static final Set<String> ALIASES = Set.of("latest", "pre-release");

    private final URI base;
    private final UpstreamHttp http;

    public OpenVsxAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.OPENVSX;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(base, "/api/" + path(name)), known, "an Open VSX extension", OpenVsxAdapter::parse);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(UpstreamHttp.resolve(base, "/api/" + path(name) + "/" + version), "an Open VSX extension", doc -> {
            requireExtension(doc);
            return dependencies(doc);
        });
    }

    static UpstreamProject parse(JsonNode doc) {
        requireExtension(doc);
        String current = JsonFields.text(doc, "version");
        String license = JsonFields.text(doc, "license");
        List<UpstreamVersion> versions = new ArrayList<>();
        List<String> numbers = new ArrayList<>();
        doc.path("allVersions").properties().forEach(e -> {
            if (!ALIASES.contains(e.getKey())) {
                numbers.add(e.getKey());
            }
        });
        if (!numbers.contains(current)) {
            numbers.add(current);
        }
        for (String n : numbers) {
            boolean isCurrent = n.equals(current);
            versions.add(new UpstreamVersion(n, isCurrent ? JsonFields.instant(JsonFields.text(doc, "timestamp")) : null,
                    isCurrent ? license : null, null, isCurrent ? dependencies(doc) : null));
        }
        String id = JsonFields.text(doc, "namespace") + "." + JsonFields.text(doc, "name");
        return new UpstreamProject(id, JsonFields.text(doc, "description"), JsonFields.text(doc, "homepage"),
                JsonFields.repositoryUrl(JsonFields.text(doc, "repository")), license == null ? List.of() : List.of(license),
                JsonFields.texts(doc, "categories"), doc.path("deprecated").asBoolean(false) ? "deprecated" : "active", versions);
    }

    private static void requireExtension(JsonNode doc) {
        if (!doc.isObject() || JsonFields.text(doc, "namespace") == null || JsonFields.text(doc, "name") == null
                || JsonFields.text(doc, "version") == null) {
            throw new IllegalStateException("no namespace, name or version");
        }
    }

    static List<UpstreamDependency> dependencies(JsonNode doc) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (String field : List.of("dependencies", "bundledExtensions")) {
            for (JsonNode d : doc.path(field).values()) {
                String namespace = JsonFields.text(d, "namespace");
                String extension = JsonFields.text(d, "extension");
                String id = namespace != null && extension != null ? namespace + "." + extension : d.isString() ? d.asString().strip() : null;
                if (id != null && out.stream().noneMatch(x -> x.name().equalsIgnoreCase(id))) {
                    out.add(new UpstreamDependency(id, "*", "runtime", false));
                }
            }
        }
        return out;
    }

    /** Open VSX looks names up regardless of case. */
    private static String path(String name) {
        return name.toLowerCase(Locale.ROOT).replaceFirst("[./]", "/");
    }
}
