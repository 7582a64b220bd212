package dev.quintet.packages.registry.terraform;

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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads the Terraform Registry's v1 API. A module ({@code namespace/name/provider}):
 * {@code <registry>/v1/modules/<ns>/<name>/<provider>} (the newest version, the version list; conditionally) and
 * {@code .../versions} (each version's root-module providers and registry module calls). A provider
 * ({@code namespace/type}): {@code <registry>/v1/providers/<ns>/<type>} (versions; providers declare no
 * dependencies). Only the newest version's date is known; the registry gives no licences.
 */
public final class TerraformAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public TerraformAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.TERRAFORM;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        boolean module = isModule(name);
        URI uri = UpstreamHttp.resolve(base, (module ? "/v1/modules/" : "/v1/providers/") + name);
        return http.fetchJson(uri, known, module ? "a Terraform module" : "a Terraform provider", doc -> {
            Map<String, List<UpstreamDependency>> deps = module ? recordedDependencies(name) : null;
            return parse(name, doc, deps);
        });
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        if (!isModule(name)) {
            return List.of();
        }
        return Optional.ofNullable(http.requireJson(versionsUri(name), "a Terraform module version list", TerraformAdapter::dependencies)
                .get(version)).orElse(List.of());
    }

    /** Each version's dependencies, when the registry has a version list for the module (empty when not). */
    private Map<String, List<UpstreamDependency>> recordedDependencies(String name) {
        URI uri = versionsUri(name);
        Optional<JsonNode> list = http.optionalJson(uri, "a Terraform module version list");
        try {
            return list.map(TerraformAdapter::dependencies).orElse(Map.of());
        } catch (IllegalStateException e) {
            throw UpstreamHttp.badAnswer(uri, "not a Terraform module version list").failure(e);
        }
    }

    static UpstreamProject parse(String name, JsonNode doc, Map<String, List<UpstreamDependency>> deps) {
        if (!doc.isObject() || JsonFields.text(doc, "version") == null || !doc.path("versions").isArray()) {
            throw new IllegalStateException("no version or versions array");
        }
        String current = JsonFields.text(doc, "version");
        List<String> numbers = new ArrayList<>(JsonFields.texts(doc, "versions"));
        if (!numbers.contains(current)) {
            numbers.add(current);
        }
        List<UpstreamVersion> versions = new ArrayList<>();
        for (String n : numbers) {
            versions.add(new UpstreamVersion(n, n.equals(current) ? JsonFields.instant(JsonFields.text(doc, "published_at")) : null,
                    null, null, deps == null ? List.of() : deps.get(n)));
        }
        String source = JsonFields.repositoryUrl(JsonFields.text(doc, "source"));
        boolean deprecated = doc.path("deprecation").isObject() || doc.path("deprecated").asBoolean(false);
        return new UpstreamProject(name, JsonFields.text(doc, "description"), source, source, List.of(), List.of(),
                deprecated ? "deprecated" : "active", versions);
    }

    /** Each version's dependencies in a module's {@code /versions} document. */
    static Map<String, List<UpstreamDependency>> dependencies(JsonNode doc) {
        JsonNode modules = doc.path("modules");
        if (!modules.isArray()) {
            throw new IllegalStateException("no modules array");
        }
        Map<String, List<UpstreamDependency>> out = new HashMap<>();
        for (JsonNode v : modules.path(0).path("versions").values()) {
            String number = JsonFields.text(v, "version");
            if (number == null) {
                continue;
            }
            List<UpstreamDependency> deps = new ArrayList<>();
            for (JsonNode p : v.path("root").path("providers").values()) {
                String provider = provider(p);
                if (provider != null && deps.stream().noneMatch(d -> d.name().equals(provider))) {
                    deps.add(new UpstreamDependency(provider, requirement(p), "runtime", false));
                }
            }
            for (JsonNode m : v.path("root").path("dependencies").values()) {
                String source = String.valueOf(JsonFields.text(m, "source")).replaceFirst("^registry\\.terraform\\.io/", "");
                if (source.matches("[A-Za-z0-9][A-Za-z0-9_-]*/[A-Za-z0-9][A-Za-z0-9_-]*/[A-Za-z0-9]+")) {
                    deps.add(new UpstreamDependency(source.toLowerCase(Locale.ROOT), requirement(m), "runtime", false));
                }
            }
            out.put(number, deps);
        }
        return out;
    }

    /** {@code namespace/type}: from {@code source}, else {@code namespace} and {@code name} (hashicorp when none). */
    private static String provider(JsonNode p) {
        String source = JsonFields.text(p, "source");
        if (source != null) {
            String s = source.replaceFirst("^registry\\.terraform\\.io/", "").toLowerCase(Locale.ROOT);
            return s.matches("[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*") ? s : null;
        }
        String name = JsonFields.text(p, "name");
        String namespace = JsonFields.text(p, "namespace");
        return name == null ? null : (namespace == null ? "hashicorp" : namespace).toLowerCase(Locale.ROOT) + "/" + name.toLowerCase(Locale.ROOT);
    }

    private static String requirement(JsonNode node) {
        String version = JsonFields.text(node, "version");
        return version == null ? "*" : version;
    }

    private static boolean isModule(String name) {
        return name.split("/").length == 3;
    }

    private URI versionsUri(String name) {
        return UpstreamHttp.resolve(base, "/v1/modules/" + name + "/versions");
    }
}
