package dev.quintet.packages.registry.pub;

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
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <pub>/api/packages/<name>} (conditionally): every version with its pubspec and date, retracted
 * flags, the discontinued flag. {@code dependencies} are runtime and {@code dev_dependencies} development
 * dependencies; hosted ones with their constraint, SDK, git and path dependencies (not pub.dev packages) are
 * left out. Pub's API carries no licence.
 */
public final class PubAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public PubAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.PUB;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(base, "/api/packages/" + name), known, "a Pub package", PubAdapter::parse);
    }

    static UpstreamProject parse(JsonNode doc) {
        if (JsonFields.text(doc, "name") == null || !doc.path("versions").isArray()) {
            throw new IllegalStateException("no name or versions array");
        }
        List<UpstreamVersion> versions = new ArrayList<>();
        for (JsonNode v : doc.path("versions").values()) {
            String number = JsonFields.text(v, "version");
            if (number != null) {
                versions.add(new UpstreamVersion(number, JsonFields.instant(JsonFields.text(v, "published")), null,
                        v.path("retracted").asBoolean(false) ? "yanked" : null, dependencies(v.path("pubspec"))));
            }
        }
        JsonNode pubspec = doc.path("latest").path("pubspec");
        String homepage = JsonFields.text(pubspec, "homepage");
        String repository = JsonFields.repositoryUrl(JsonFields.text(pubspec, "repository"));
        if (repository == null && homepage != null && homepage.matches("https?://(github\\.com|gitlab\\.com)/[^/]+/[^/]+/?")) {
            repository = JsonFields.repositoryUrl(homepage);
        }
        return new UpstreamProject(JsonFields.text(doc, "name"), JsonFields.text(pubspec, "description"), homepage,
                repository, List.of(), JsonFields.texts(pubspec, "topics"),
                doc.path("isDiscontinued").asBoolean(false) ? "deprecated" : "active", versions);
    }

    static List<UpstreamDependency> dependencies(JsonNode pubspec) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (String field : List.of("dependencies", "dev_dependencies")) {
            for (var d : pubspec.path(field).properties()) {
                JsonNode spec = d.getValue();
                String constraint = spec.isNull() ? "any" : spec.isString() ? spec.asString().strip()
                        : spec.has("hosted") || (spec.isObject() && spec.size() == 1 && spec.has("version"))
                        ? JsonFields.text(spec, "version") : null;
                if (constraint != null || (spec.has("hosted") && !spec.has("version"))) {
                    out.add(new UpstreamDependency(d.getKey(), constraint == null ? "any" : constraint,
                            field.equals("dependencies") ? "runtime" : "development", false));
                }
            }
        }
        return out;
    }
}
