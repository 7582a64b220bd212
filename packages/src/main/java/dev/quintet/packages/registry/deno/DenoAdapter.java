package dev.quintet.packages.registry.deno;

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <apiland>/v2/modules/<name>} (description and versions; conditionally), the CDN's
 * {@code <cdn>/<name>/meta/versions.json} (versions), and {@code <cdn>/<name>/versions/<v>/meta/meta.json} of the
 * newest version (upload time, GitHub repository). Dependencies come from the version's
 * {@code meta/deps_v2.json} module graph ({@link DenoGraph}).
 */
public final class DenoAdapter implements RegistryAdapter {

    private final URI api;
    private final URI cdn;
    private final UpstreamHttp http;

    public DenoAdapter(URI api, URI cdn, UpstreamHttp http) {
        this.api = api;
        this.cdn = cdn;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.DENO;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(api, "/v2/modules/" + name), known, "a Deno module", module -> {
            if (!module.isObject() || !module.path("versions").isArray()) {
                throw new IllegalStateException("no versions array");
            }
            Set<String> numbers = new LinkedHashSet<>(JsonFields.texts(module, "versions"));
            http.optionalJson(UpstreamHttp.resolve(cdn, "/" + name + "/meta/versions.json"), "a Deno version list")
                    .ifPresent(list -> numbers.addAll(JsonFields.texts(list, "versions")));
            return project(name, module, List.copyOf(numbers));
        });
    }

    private UpstreamProject project(String name, JsonNode module, List<String> numbers) {
        Optional<String> newest = Releases.latest(numbers, Ecosystem.DENO.versions())
                .or(() -> Optional.ofNullable(JsonFields.text(module, "latest_version")));
        Optional<JsonNode> meta = newest.flatMap(v -> http.optionalJson(
                UpstreamHttp.resolve(cdn, "/" + name + "/versions/" + v + "/meta/meta.json"), "a Deno version's metadata"));
        Instant uploaded = meta.map(m -> JsonFields.instant(JsonFields.text(m, "uploaded_at"))).orElse(null);
        JsonNode upload = meta.map(m -> m.path("upload_options")).orElse(null);
        String repository = upload != null && "github".equals(JsonFields.text(upload, "type"))
                ? JsonFields.repositoryUrl("https://github.com/" + JsonFields.text(upload, "repository")) : null;
        List<UpstreamVersion> versions = new ArrayList<>();
        for (String n : numbers) {
            versions.add(new UpstreamVersion(n, newest.filter(n::equals).isPresent() ? uploaded : null, null, null, null));
        }
        return new UpstreamProject(JsonFields.text(module, "name") != null ? JsonFields.text(module, "name") : name,
                JsonFields.text(module, "description"), repository, repository, List.of(), JsonFields.texts(module, "tags"),
                "active", versions);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        URI uri = UpstreamHttp.resolve(cdn, "/" + name + "/versions/" + version + "/meta/deps_v2.json");
        Optional<JsonNode> graph = http.optionalJson(uri, "a Deno module graph");
        if (graph.isEmpty()) {
            return List.of();
        }
        if (!graph.get().path("graph").path("nodes").isObject()) {
            throw UpstreamHttp.badAnswer(uri, "not a Deno module graph (no graph.nodes)").failure(null);
        }
        return DenoGraph.dependencies(graph.get().path("graph").path("nodes"), name, version);
    }
}
