package dev.quintet.packages.registry.puppet;

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
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads the Puppet Forge v3 API: {@code <forge>/v3/modules/<owner>-<name>} (releases with dates and deletions, the
 * current release's metadata; conditionally) and {@code /v3/releases/<owner>-<name>-<version>} for other
 * releases' dependencies. Names are {@code owner-name}; {@code owner/name}, as metadata writes dependencies, is
 * read the same. Deleted releases count as yanked.
 */
public final class PuppetAdapter implements RegistryAdapter {

    private static final DateTimeFormatter FORGE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z");

    private final URI base;
    private final UpstreamHttp http;

    public PuppetAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.PUPPET;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = UpstreamHttp.resolve(base, "/v3/modules/" + slug(name));
        return http.fetchJson(uri, known, "a Puppet Forge module", PuppetAdapter::parse);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        URI uri = UpstreamHttp.resolve(base, "/v3/releases/" + slug(name) + "-" + version);
        return dependencies(http.requireJson(uri, "a Puppet Forge release").path("metadata"));
    }

    static UpstreamProject parse(JsonNode module) {
        String slug = JsonFields.text(module, "slug");
        if (slug == null || !module.path("releases").isArray()) {
            throw new IllegalStateException("no slug or releases array");
        }
        JsonNode current = module.path("current_release");
        JsonNode metadata = current.path("metadata");
        String currentVersion = JsonFields.text(current, "version");
        String license = JsonFields.text(metadata, "license");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (JsonNode r : module.path("releases").values()) {
            String number = JsonFields.text(r, "version");
            if (number == null) {
                continue;
            }
            boolean isCurrent = number.equals(currentVersion);
            versions.add(new UpstreamVersion(number, time(JsonFields.text(r, "created_at")), isCurrent ? license : null,
                    JsonFields.text(r, "deleted_at") != null ? "yanked" : null, isCurrent ? dependencies(metadata) : null));
        }
        return new UpstreamProject(slug, JsonFields.text(metadata, "summary"),
                first(JsonFields.text(module, "homepage_url"), JsonFields.text(metadata, "project_page")),
                JsonFields.repositoryUrl(JsonFields.text(metadata, "source")),
                license == null ? List.of() : List.of(license), JsonFields.texts(current, "tags"),
                JsonFields.text(module, "deprecated_at") != null ? "deprecated" : "active", versions);
    }

    static List<UpstreamDependency> dependencies(JsonNode metadata) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (JsonNode d : metadata.path("dependencies").values()) {
            String name = JsonFields.text(d, "name");
            if (name != null) {
                String requirement = JsonFields.text(d, "version_requirement");
                out.add(new UpstreamDependency(name.replace('/', '-'), requirement == null ? "*" : requirement,
                        "runtime", false));
            }
        }
        return out;
    }

    /** Forge times look like {@code 2022-04-11 23:14:42 -0700}; ISO-8601 is read too. */
    static Instant time(String text) {
        if (text == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text, FORGE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return JsonFields.instant(text);
        }
    }

    private static String slug(String name) {
        return name.replace('/', '-');
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }
}
