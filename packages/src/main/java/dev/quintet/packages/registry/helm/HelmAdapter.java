package dev.quintet.packages.registry.helm;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <artifacthub>/api/v1/packages/helm/<repo>/<chart>} (the newest version's chart with every version
 * and its date; conditionally) and {@code .../<chart>/<version>} for other versions' dependencies. A dependency is
 * named {@code <repo>/<chart>} by its Artifact Hub repository (else by its chart name alone); subcharts bundled in
 * the chart (no repository, or {@code file://}) are left out; one with a {@code condition} is optional.
 */
public final class HelmAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public HelmAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.HELM;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(base, "/api/v1/packages/helm/" + name), known, "an Artifact Hub Helm package",
                doc -> parse(name, doc));
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(UpstreamHttp.resolve(base, "/api/v1/packages/helm/" + name + "/" + version),
                "an Artifact Hub Helm package", doc -> {
                    requirePackage(doc);
                    return dependencies(doc);
                });
    }

    static UpstreamProject parse(String name, JsonNode doc) {
        requirePackage(doc);
        String current = JsonFields.text(doc, "version");
        String license = JsonFields.text(doc, "license");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (JsonNode v : doc.path("available_versions").values()) {
            String number = JsonFields.text(v, "version");
            if (number != null) {
                boolean isCurrent = number.equals(current);
                Instant ts = v.path("ts").isNumber() ? Instant.ofEpochSecond(v.path("ts").asLong()) : null;
                versions.add(new UpstreamVersion(number, ts, isCurrent ? license : null, null, isCurrent ? dependencies(doc) : null));
            }
        }
        if (versions.isEmpty() && current != null) {
            versions.add(new UpstreamVersion(current, null, license, null, dependencies(doc)));
        }
        String repository = null;
        for (JsonNode link : doc.path("links").values()) {
            String label = String.valueOf(JsonFields.text(link, "name")).toLowerCase(Locale.ROOT);
            if (repository == null && (label.contains("source") || label.contains("repository"))) {
                repository = JsonFields.repositoryUrl(JsonFields.text(link, "url"));
            }
        }
        return new UpstreamProject(name, JsonFields.text(doc, "description"), JsonFields.text(doc, "home_url"), repository,
                license == null ? List.of() : List.of(license), JsonFields.texts(doc, "keywords"),
                doc.path("deprecated").asBoolean(false) ? "deprecated" : "active", versions);
    }

    private static void requirePackage(JsonNode doc) {
        if (!doc.isObject() || JsonFields.text(doc, "name") == null || JsonFields.text(doc, "version") == null) {
            throw new IllegalStateException("no name or version");
        }
    }

    static List<UpstreamDependency> dependencies(JsonNode doc) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (JsonNode d : doc.path("data").path("dependencies").values()) {
            String chart = JsonFields.text(d, "name");
            String repository = JsonFields.text(d, "repository");
            if (chart == null || repository == null || repository.startsWith("file://")) {
                continue;
            }
            String hubRepository = JsonFields.text(d, "artifacthub_repository_name");
            String version = JsonFields.text(d, "version");
            boolean optional = JsonFields.text(d, "condition") != null || JsonFields.text(d, "tags") != null
                    || d.path("tags").isArray();
            out.add(new UpstreamDependency(hubRepository == null ? chart : hubRepository + "/" + chart,
                    version == null ? "*" : version, optional ? "optional" : "runtime", optional));
        }
        return out;
    }
}
