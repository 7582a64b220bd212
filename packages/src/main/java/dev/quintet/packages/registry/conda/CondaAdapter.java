package dev.quintet.packages.registry.conda;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <api.anaconda.org>/package/<channel>/<name>} (conditionally; names are {@code name} on conda-forge
 * or {@code channel/name}). Versions are {@code versions}, each dated by its earliest file's {@code upload_time};
 * a version whose every file carries the label {@code broken} counts as yanked. A version's dependencies are the
 * union of its files' {@code attrs.depends} match specs (all platforms): name and version spec (runtime; the build
 * string is dropped; virtual packages such as {@code __glibc} left out), named in the same channel. The licence is
 * the package's {@code license}; the repository its {@code dev_url}.
 */
public final class CondaAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public CondaAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CONDA;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        String path = name.contains("/") ? name : "conda-forge/" + name;
        String channel = path.substring(0, path.indexOf('/'));
        return http.fetchJson(UpstreamHttp.resolve(base, "/package/" + path), known, "a conda package",
                doc -> parse(doc, channel));
    }

    static UpstreamProject parse(JsonNode doc, String channel) {
        if (!doc.isObject() || JsonFields.text(doc, "name") == null || !doc.path("versions").isArray()) {
            throw new IllegalStateException("no name or versions array");
        }
        Map<String, Instant> dates = new LinkedHashMap<>();
        Map<String, List<UpstreamDependency>> deps = new LinkedHashMap<>();
        Map<String, Boolean> broken = new LinkedHashMap<>();
        for (JsonNode file : doc.path("files").values()) {
            String version = JsonFields.text(file, "version");
            if (version == null) {
                continue;
            }
            Instant uploaded = uploadTime(JsonFields.text(file, "upload_time"));
            if (uploaded != null && (dates.get(version) == null || uploaded.isBefore(dates.get(version)))) {
                dates.put(version, uploaded);
            }
            boolean fileBroken = JsonFields.texts(file, "labels").contains("broken");
            broken.merge(version, fileBroken, Boolean::logicalAnd);
            List<UpstreamDependency> list = deps.computeIfAbsent(version, v -> new ArrayList<>());
            for (String spec : JsonFields.texts(file.path("attrs"), "depends")) {
                dependency(spec, channel).filter(d -> list.stream().noneMatch(x -> x.name().equals(d.name()))).ifPresent(list::add);
            }
        }
        String license = JsonFields.text(doc, "license");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (String number : JsonFields.texts(doc, "versions")) {
            versions.add(new UpstreamVersion(number, dates.get(number), license,
                    broken.getOrDefault(number, false) ? "yanked" : null, deps.getOrDefault(number, List.of())));
        }
        String name = JsonFields.text(doc, "name");
        return new UpstreamProject(channel.equals("conda-forge") ? name : channel + "/" + name,
                JsonFields.text(doc, "summary"), JsonFields.text(doc, "home"),
                JsonFields.repositoryUrl(JsonFields.text(doc, "dev_url")),
                license == null ? List.of() : List.of(license), List.of(), "active", versions);
    }

    /** {@code numpy >=1.21,<2 py311*} → numpy with {@code >=1.21,<2}; a bare name requires {@code *}. */
    static Optional<UpstreamDependency> dependency(String spec, String channel) {
        String[] parts = spec.strip().split("\\s+");
        String name = parts[0].replaceFirst("^[^:]*::", "");
        if (name.isEmpty() || name.startsWith("__")) {
            return Optional.empty();
        }
        String requirement = parts.length > 1 ? parts[1] : "*";
        return Optional.of(new UpstreamDependency(channel.equals("conda-forge") ? name : channel + "/" + name,
                requirement, "runtime", false));
    }

    private static Instant uploadTime(String text) {
        return text == null ? null : JsonFields.instant(text.replace(' ', 'T'));
    }
}
