package dev.quintet.packages.registry.cpan;

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
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads MetaCPAN: {@code GET <fastapi>/v1/release/_search?q=distribution:<name>&fields=...&size=5000} for every
 * release's version, date, status and maturity, and {@code /v1/release/<name>} (the latest release) for abstract,
 * licences and resources. Developer releases get {@code -TRIAL} appended unless their number already marks them
 * ({@code 1.23_01}); releases deleted from CPAN (status {@code backpan}) count as yanked. A version's dependencies
 * come from its release document ({@code /v1/release/<author>/<release>}) and are named by distribution
 * ({@link ModuleDistributions}).
 */
public final class CpanAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;
    private final ModuleDistributions modules;

    public CpanAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
        this.modules = new ModuleDistributions(base, http);
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CPAN;
    }

    /** One release as the search lists it. */
    record Release(String number, String version, String date, String status, String author, String name) {
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        List<Release> releases = releases(name);
        if (releases.isEmpty()) {
            return new ProjectFetch.Missing();
        }
        URI uri = UpstreamHttp.resolve(base, "/v1/release/" + name);
        Optional<JsonNode> latest = http.optionalJson(uri, "a CPAN release");
        if (latest.isEmpty()) {
            return new ProjectFetch.Missing();
        }
        JsonNode doc = latest.get();
        List<String> licenseKeys = JsonFields.texts(doc, "license");
        String license = CpanLicenses.expression(licenseKeys);
        List<UpstreamVersion> versions = releases.stream().map(r -> new UpstreamVersion(r.number(),
                JsonFields.instant(r.date()), license, "backpan".equals(r.status()) ? "yanked" : null, null)).toList();
        JsonNode resources = doc.path("resources");
        String repository = JsonFields.text(resources.path("repository"), "web");
        repository = repository != null ? repository : JsonFields.text(resources.path("repository"), "url");
        return new ProjectFetch.Fetched(new UpstreamProject(name, JsonFields.text(doc, "abstract"),
                JsonFields.text(resources, "homepage"), JsonFields.repositoryUrl(repository),
                license == null ? List.of() : List.of(license), JsonFields.texts(doc.path("metadata"), "keywords"),
                doc.path("deprecated").asBoolean(false) ? "deprecated" : "active", versions), Validators.NONE);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        Release release = releases(name).stream().filter(r -> r.number().equals(version)).findFirst().orElse(null);
        if (release == null || release.author() == null || release.name() == null) {
            return List.of();
        }
        URI uri = UpstreamHttp.resolve(base, "/v1/release/" + release.author() + "/" + release.name());
        JsonNode doc = http.requireJson(uri, "a CPAN release");
        if (!doc.path("dependency").isArray()) {
            throw UpstreamHttp.badAnswer(uri, "not a CPAN release (no dependency list)").failure(null);
        }
        return modules.named(doc.path("dependency"));
    }

    private List<Release> releases(String name) {
        URI uri = UpstreamHttp.resolve(base, "/v1/release/_search?q=distribution:" + name
                + "&fields=version,date,status,maturity,author,name&size=5000");
        JsonNode doc = http.requireJson(uri, "a MetaCPAN search answer");
        JsonNode hits = doc.path("hits").path("hits");
        if (!hits.isArray()) {
            throw UpstreamHttp.badAnswer(uri, "not a MetaCPAN search answer (no hits)").failure(null);
        }
        List<Release> releases = new ArrayList<>();
        for (JsonNode hit : hits.values()) {
            JsonNode f = hit.path("fields");
            String version = field(f, "version");
            if (version == null) {
                continue;
            }
            boolean developer = "developer".equals(field(f, "maturity"));
            String number = developer && !version.contains("_") ? version + "-TRIAL" : version;
            if (releases.stream().noneMatch(r -> r.number().equals(number))) {
                releases.add(new Release(number, version, field(f, "date"), field(f, "status"), field(f, "author"),
                        field(f, "name")));
            }
        }
        return releases;
    }

    /** A search field, which Elasticsearch may send as a value or a one-element array. */
    private static String field(JsonNode fields, String name) {
        JsonNode v = fields.path(name);
        JsonNode one = v.isArray() && !v.isEmpty() ? v.get(0) : v;
        return (one.isString() || one.isNumber()) && !one.asString().isBlank() ? one.asString().strip() : null;
    }
}
