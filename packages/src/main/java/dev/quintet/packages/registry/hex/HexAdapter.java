package dev.quintet.packages.registry.hex;

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
 * Reads {@code <hex>/api/packages/<name>} (releases with dates, licences, links, retirements; conditionally) and
 * {@code /api/packages/<name>/releases/<version>} for a release's requirements. Retired releases count as yanked.
 * Hex gives licences per package, not per release.
 */
public final class HexAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public HexAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.HEX;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(base, "/api/packages/" + name), known, "a Hex package", HexAdapter::parse);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        URI uri = UpstreamHttp.resolve(base, "/api/packages/" + name + "/releases/" + version);
        return http.requireJson(uri, "a Hex release", HexAdapter::dependencies);
    }

    static UpstreamProject parse(JsonNode doc) {
        if (JsonFields.text(doc, "name") == null || !doc.path("releases").isArray()) {
            throw new IllegalStateException("no name or releases array");
        }
        JsonNode meta = doc.path("meta");
        List<String> licenses = JsonFields.texts(meta, "licenses");
        String license = licenses.isEmpty() ? null : String.join(" OR ", licenses);
        JsonNode retirements = doc.path("retirements");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (JsonNode r : doc.path("releases").values()) {
            String number = JsonFields.text(r, "version");
            if (number != null) {
                versions.add(new UpstreamVersion(number, JsonFields.instant(JsonFields.text(r, "inserted_at")), license,
                        retirements.has(number) ? "yanked" : null, null));
            }
        }
        String repository = null;
        String homepage = null;
        for (var link : meta.path("links").properties()) {
            String url = link.getValue().isString() ? link.getValue().asString().strip() : null;
            String label = link.getKey().toLowerCase(java.util.Locale.ROOT);
            if (url == null) {
                continue;
            }
            if (repository == null && (label.matches("github|gitlab|source|source code|repository|codeberg|bitbucket")
                    || url.matches("https?://(github\\.com|gitlab\\.com|codeberg\\.org)/[^/]+/[^/]+/?"))) {
                repository = JsonFields.repositoryUrl(url);
            } else if (homepage == null && label.matches("homepage|home page|website|home")) {
                homepage = url;
            }
        }
        return new UpstreamProject(JsonFields.text(doc, "name"), JsonFields.text(meta, "description"),
                homepage != null ? homepage : repository, repository, licenses, List.of(), "active", versions);
    }

    static List<UpstreamDependency> dependencies(JsonNode release) {
        JsonNode requirements = release.path("requirements");
        if (!requirements.isObject()) {
            throw new IllegalStateException("no requirements object");
        }
        List<UpstreamDependency> out = new ArrayList<>();
        for (var r : requirements.properties()) {
            boolean optional = r.getValue().path("optional").asBoolean(false);
            String requirement = JsonFields.text(r.getValue(), "requirement");
            out.add(new UpstreamDependency(r.getKey(), requirement == null ? ">= 0.0.0" : requirement,
                    optional ? "optional" : "runtime", optional));
        }
        return out;
    }
}
