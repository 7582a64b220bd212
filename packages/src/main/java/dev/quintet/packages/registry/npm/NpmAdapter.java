package dev.quintet.packages.registry.npm;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code GET <registry>/<name>} (scoped names as {@code @scope%2Fname}): the full packument; its {@code latest}
 * dist-tag is the project's default version.
 */
public final class NpmAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;
    private final JsonMapper json;

    public NpmAdapter(URI base, UpstreamHttp http, JsonMapper json) {
        this.base = base;
        this.http = http;
        this.json = json;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.NPM;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = URI.create(base.toString().replaceFirst("/$", "") + "/" + name.replace("/", "%2F"));
        return http.fetchJson(uri, known, "a packument", doc -> parse(doc, name));
    }

    static UpstreamProject parse(JsonNode doc, String requested) {
        if (!doc.isObject() || !(doc.path("versions").isObject() || doc.path("time").has("unpublished"))) {
            throw new IllegalStateException("no versions object");
        }
        JsonNode time = doc.path("time");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (var entry : doc.path("versions").properties()) {
            JsonNode v = entry.getValue();
            String status = deprecated(v) ? "deprecated" : null;
            versions.add(new UpstreamVersion(entry.getKey(), JsonFields.instant(JsonFields.text(time, entry.getKey())),
                    license(v), status, NpmDependencies.of(v)));
        }
        String latestTag = JsonFields.text(doc.path("dist-tags"), "latest");
        JsonNode latest = doc.path("versions").path(latestTag == null ? "" : latestTag);
        String status = time.has("unpublished") && versions.isEmpty() ? "removed"
                : deprecated(latest) ? "deprecated" : "active";
        List<String> keywords = JsonFields.texts(doc, "keywords").isEmpty()
                ? JsonFields.texts(latest, "keywords") : JsonFields.texts(doc, "keywords");
        String licence = license(doc) != null ? license(doc) : license(latest);
        return new UpstreamProject(JsonFields.text(doc, "name") == null ? requested : JsonFields.text(doc, "name"),
                first(JsonFields.text(doc, "description"), JsonFields.text(latest, "description")),
                first(JsonFields.text(doc, "homepage"), JsonFields.text(latest, "homepage")),
                JsonFields.repositoryUrl(first(repository(doc), repository(latest))),
                licence == null ? List.of() : List.of(licence), keywords, status, versions,
                latest.isMissingNode() ? null : latestTag);
    }

    private static boolean deprecated(JsonNode version) {
        JsonNode d = version.path("deprecated");
        return d.isString() && !d.asString().isBlank();
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    private static String repository(JsonNode node) {
        JsonNode repo = node.path("repository");
        return repo.isObject() ? JsonFields.text(repo, "url") : JsonFields.text(node, "repository");
    }

    static String license(JsonNode node) {
        JsonNode l = node.path("license");
        if (l.isString()) {
            return JsonFields.text(node, "license");
        }
        if (l.isObject()) {
            return JsonFields.text(l, "type");
        }
        JsonNode ls = node.path("licenses");
        if (ls.isArray() && !ls.isEmpty()) {
            List<String> types = new ArrayList<>();
            for (JsonNode item : ls.values()) {
                String t = item.isObject() ? JsonFields.text(item, "type") : item.isString() ? item.asString() : null;
                if (t != null) {
                    types.add(t);
                }
            }
            return types.isEmpty() ? null : String.join(" OR ", types);
        }
        return null;
    }
}
