package dev.quintet.packages.registry.spack;

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
 * Reads {@code <packages.spack.io>/data/packages/<name>.json} (conditionally): the recipe's versions (deprecated
 * ones marked), homepage, description, licences and dependencies. The recipe's dependencies carry no versions nor
 * the {@code when=} conditions that tie them to versions, so every version lists them all, with requirement
 * {@code *}. Recipes have no release dates.
 */
public final class SpackAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public SpackAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.SPACK;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(base, "/data/packages/" + name + ".json"), known, "a Spack package",
                SpackAdapter::parse);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(UpstreamHttp.resolve(base, "/data/packages/" + name + ".json"), "a Spack package",
                doc -> parse(doc).versions().getFirst().dependencies());
    }

    static UpstreamProject parse(JsonNode doc) {
        if (!doc.isObject() || JsonFields.text(doc, "name") == null || !doc.path("versions").isArray()) {
            throw new IllegalStateException("no name or versions array");
        }
        List<UpstreamDependency> deps = new ArrayList<>();
        for (JsonNode d : doc.path("dependencies").values()) {
            String name = d.isString() ? d.asString().strip() : JsonFields.text(d, "name");
            if (name != null && deps.stream().noneMatch(x -> x.name().equals(name))) {
                deps.add(new UpstreamDependency(name, "*", "runtime", false));
            }
        }
        List<String> licenses = JsonFields.texts(doc, "licenses");
        String license = licenses.isEmpty() ? null : String.join(" AND ", licenses);
        List<UpstreamVersion> versions = new ArrayList<>();
        for (JsonNode v : doc.path("versions").values()) {
            String number = v.isString() ? v.asString().strip() : JsonFields.text(v, "name");
            if (number != null && !number.isEmpty()) {
                versions.add(new UpstreamVersion(number, null, license,
                        v.path("deprecated").asBoolean(false) ? "deprecated" : null, deps));
            }
        }
        if (versions.isEmpty()) {
            throw new IllegalStateException("no versions");
        }
        return new UpstreamProject(JsonFields.text(doc, "name"), JsonFields.text(doc, "description"),
                JsonFields.text(doc, "homepage"), null, licenses, List.of(), "active", versions);
    }
}
