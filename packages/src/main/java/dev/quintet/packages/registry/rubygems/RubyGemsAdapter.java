package dev.quintet.packages.registry.rubygems;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <rubygems>/api/v1/versions/<name>.json} (every published version, conditionally) and
 * {@code /api/v1/gems/<name>.json} (the gem and its newest version's dependencies); other versions' dependencies
 * come from {@code /api/v2/rubygems/<name>/versions/<version>.json}. A number built for several platforms
 * ({@code ruby}, {@code java}, {@code x86_64-linux}) is one version; yanked versions are not listed upstream.
 */
public final class RubyGemsAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public RubyGemsAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.RUBYGEMS;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI versions = UpstreamHttp.resolve(base, "/api/v1/versions/" + name + ".json");
        URI gem = UpstreamHttp.resolve(base, "/api/v1/gems/" + name + ".json");
        return http.fetchJson(versions, known, "a gem version list",
                doc -> parse(http.requireJson(gem, "a gem document"), doc));
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        URI uri = UpstreamHttp.resolve(base, "/api/v2/rubygems/" + name + "/versions/" + version + ".json");
        return http.requireJson(uri, "a gem version document", RubyGemsAdapter::dependencies);
    }

    static UpstreamProject parse(JsonNode gem, JsonNode versionList) {
        if (!gem.isObject() || JsonFields.text(gem, "name") == null || !versionList.isArray()) {
            throw new IllegalStateException("no gem name or version array");
        }
        String current = JsonFields.text(gem, "version");
        List<UpstreamDependency> currentDependencies = gem.path("dependencies").isObject() ? dependencies(gem) : null;
        Map<String, UpstreamVersion> versions = new LinkedHashMap<>();
        for (JsonNode v : versionList.values()) {
            String number = JsonFields.text(v, "number");
            String platform = JsonFields.text(v, "platform");
            if (number == null || (versions.containsKey(number) && !"ruby".equals(platform))) {
                continue;
            }
            List<String> licenses = JsonFields.texts(v, "licenses");
            versions.put(number, new UpstreamVersion(number, JsonFields.instant(JsonFields.text(v, "created_at")),
                    licenses.isEmpty() ? null : String.join(" OR ", licenses), null,
                    number.equals(current) ? currentDependencies : null));
        }
        if (current != null && !versions.containsKey(current)) {
            versions.put(current, new UpstreamVersion(current, JsonFields.instant(JsonFields.text(gem, "version_created_at")),
                    license(gem), null, currentDependencies));
        }
        JsonNode metadata = gem.path("metadata");
        String homepage = first(JsonFields.text(gem, "homepage_uri"), JsonFields.text(metadata, "homepage_uri"));
        String source = first(JsonFields.text(gem, "source_code_uri"), JsonFields.text(metadata, "source_code_uri"));
        String repository = JsonFields.repositoryUrl(source);
        if (repository == null && homepage != null && homepage.matches("https?://(github\\.com|gitlab\\.com|codeberg\\.org)/[^/]+/[^/]+/?")) {
            repository = JsonFields.repositoryUrl(homepage);
        }
        return new UpstreamProject(JsonFields.text(gem, "name"), JsonFields.text(gem, "info"), homepage, repository,
                JsonFields.texts(gem, "licenses"), List.of(), "active", new ArrayList<>(versions.values()));
    }

    static List<UpstreamDependency> dependencies(JsonNode doc) {
        JsonNode deps = doc.path("dependencies");
        if (!deps.isObject()) {
            throw new IllegalStateException("no dependencies object");
        }
        List<UpstreamDependency> out = new ArrayList<>();
        for (String group : List.of("runtime", "development")) {
            for (JsonNode d : deps.path(group).values()) {
                String name = JsonFields.text(d, "name");
                if (name != null) {
                    String requirements = JsonFields.text(d, "requirements");
                    out.add(new UpstreamDependency(name, requirements == null ? ">= 0" : requirements,
                            group, false));
                }
            }
        }
        return out;
    }

    private static String license(JsonNode gem) {
        List<String> licenses = JsonFields.texts(gem, "licenses");
        return licenses.isEmpty() ? null : String.join(" OR ", licenses);
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }
}
