package dev.quintet.packages.registry.nuget;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * Reads the NuGet V3 registration index {@code <api>/v3/registration5-gz-semver2/<lower-case id>/index.json}
 * (gzip; conditionally) and, for packages with many versions, the pages it links to instead of inlining. Each
 * catalog entry gives a version's date, licence, listing, deprecation and dependency groups (dependencies of all
 * target frameworks, once each). Unlisted versions count as yanked.
 */
public final class NuGetAdapter implements RegistryAdapter {

    private static final int MAX_PAGES = 100;

    private final URI base;
    private final UpstreamHttp http;

    public NuGetAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.NUGET;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = UpstreamHttp.resolve(base, "/v3/registration5-gz-semver2/" + name.toLowerCase(Locale.ROOT) + "/index.json");
        return http.fetchJson(uri, known, "a NuGet registration index", doc -> parse(doc, page -> {
            URI pageUri = URI.create(page.replaceFirst("#.*$", ""));
            if (!UpstreamHttp.host(pageUri).equals(UpstreamHttp.host(uri))) {
                throw new IllegalStateException("a registration page on another host: " + pageUri.getHost());
            }
            return http.requireJson(pageUri, "a NuGet registration page");
        }));
    }

    static UpstreamProject parse(JsonNode index, Function<String, JsonNode> pages) {
        if (!index.path("items").isArray()) {
            throw new IllegalStateException("no items array");
        }
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        int fetched = 0;
        for (JsonNode page : index.path("items").values()) {
            JsonNode leaves = page.path("items");
            if (!leaves.isArray()) {
                String id = JsonFields.text(page, "@id");
                if (id == null || !id.matches("https?://.+") || ++fetched > MAX_PAGES) {
                    continue;
                }
                leaves = pages.apply(id).path("items");
            }
            for (JsonNode leaf : leaves.values()) {
                JsonNode entry = leaf.path("catalogEntry");
                String version = JsonFields.text(entry, "version");
                if (version != null) {
                    entries.put(version.replaceFirst("\\+.*$", ""), entry);
                }
            }
        }
        if (entries.isEmpty()) {
            throw new IllegalStateException("no catalog entries");
        }
        List<UpstreamVersion> versions = new ArrayList<>();
        entries.forEach((number, e) -> versions.add(new UpstreamVersion(number, published(e), license(e),
                !e.path("listed").asBoolean(true) ? "yanked" : e.path("deprecation").isObject() ? "deprecated" : null,
                dependencies(e))));
        List<String> listed = versions.stream().filter(v -> v.status() == null || v.status().equals("deprecated"))
                .map(UpstreamVersion::number).toList();
        String newest = Releases.latestStable(listed, Ecosystem.NUGET.versions())
                .or(() -> Releases.latest(listed, Ecosystem.NUGET.versions()))
                .orElse(versions.getLast().number());
        JsonNode latest = entries.get(newest);
        String projectUrl = JsonFields.text(latest, "projectUrl");
        String repository = JsonFields.repositoryUrl(JsonFields.text(latest, "repository"));
        if (repository == null && projectUrl != null && projectUrl.matches("https?://(github\\.com|gitlab\\.com)/[^/]+/[^/]+/?")) {
            repository = JsonFields.repositoryUrl(projectUrl);
        }
        String license = license(latest);
        return new UpstreamProject(JsonFields.text(latest, "id"), JsonFields.text(latest, "description"), projectUrl,
                repository, license == null ? List.of() : List.of(license), JsonFields.texts(latest, "tags"),
                latest.path("deprecation").isObject() ? "deprecated" : "active", versions);
    }

    /** The publication date; nuget.org dates unlisted versions 1900-01-01, which means unknown. */
    private static Instant published(JsonNode entry) {
        Instant t = JsonFields.instant(JsonFields.text(entry, "published"));
        return t == null || t.isBefore(Instant.parse("1901-01-01T00:00:00Z")) ? null : t;
    }

    private static String license(JsonNode entry) {
        String expression = JsonFields.text(entry, "licenseExpression");
        if (expression != null) {
            return expression;
        }
        String url = JsonFields.text(entry, "licenseUrl");
        return url == null || url.matches("https?://(www\\.)?nuget\\.org/packages/.*") ? null : url;
    }

    static List<UpstreamDependency> dependencies(JsonNode entry) {
        Map<String, UpstreamDependency> out = new LinkedHashMap<>();
        for (JsonNode group : entry.path("dependencyGroups").values()) {
            for (JsonNode d : group.path("dependencies").values()) {
                String id = JsonFields.text(d, "id");
                if (id != null && !out.containsKey(id.toLowerCase(Locale.ROOT))) {
                    String range = JsonFields.text(d, "range");
                    out.put(id.toLowerCase(Locale.ROOT), new UpstreamDependency(id,
                            range == null || range.equals("(, )") ? "*" : range, "runtime", false));
                }
            }
        }
        return List.copyOf(out.values());
    }
}
