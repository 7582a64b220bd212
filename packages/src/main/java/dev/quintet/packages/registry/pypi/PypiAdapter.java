package dev.quintet.packages.registry.pypi;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <pypi>/pypi/<name>/json} (all releases with their files; requires_dist of the current release) and
 * {@code <pypi>/pypi/<name>/<version>/json} for other releases' dependencies.
 */
public final class PypiAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public PypiAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.PYPI;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = uri("/pypi/" + name + "/json");
        return http.fetchJson(uri, known, "a PyPI project document", PypiAdapter::parse);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(uri("/pypi/" + name + "/" + version + "/json"), "a PyPI release document", doc -> {
            if (!doc.path("info").isObject()) {
                throw new IllegalStateException("no info object");
            }
            return RequiresDist.parse(JsonFields.texts(doc.path("info"), "requires_dist"));
        });
    }

    static UpstreamProject parse(JsonNode doc) {
        JsonNode info = doc.path("info");
        if (!info.isObject() || JsonFields.text(info, "name") == null) {
            throw new IllegalStateException("no info.name");
        }
        String current = JsonFields.text(info, "version");
        List<UpstreamVersion> versions = new ArrayList<>();
        for (var release : doc.path("releases").properties()) {
            Instant first = null;
            String requiresPython = null;
            boolean allYanked = !release.getValue().isEmpty();
            for (JsonNode file : release.getValue().values()) {
                requiresPython = requiresPython != null ? requiresPython : JsonFields.text(file, "requires_python");
                Instant t = JsonFields.instant(first(JsonFields.text(file, "upload_time_iso_8601"), JsonFields.text(file, "upload_time")));
                first = first == null || (t != null && t.isBefore(first)) ? t : first;
                allYanked &= file.path("yanked").asBoolean(false);
            }
            String number = release.getKey();
            versions.add(new UpstreamVersion(number, first, null, allYanked ? "yanked" : null,
                    number.equals(current) ? RequiresDist.parse(JsonFields.texts(info, "requires_dist")) : null,
                    null, requiresPython));
        }
        List<String> licenses = new ArrayList<>();
        String expression = JsonFields.text(info, "license_expression");
        String license = JsonFields.text(info, "license");
        if (expression != null) {
            licenses.add(expression);
        } else if (license != null && license.length() < 100) {
            licenses.add(license);
        } else {
            JsonFields.texts(info, "classifiers").stream().filter(c -> c.startsWith("License :: ")).forEach(licenses::add);
        }
        JsonNode urls = info.path("project_urls");
        String repository = null;
        for (String key : List.of("Source", "Source Code", "Repository", "Code", "GitHub", "Homepage")) {
            String u = JsonFields.repositoryUrl(JsonFields.text(urls, key));
            if (u != null && (repository == null) && (!key.equals("Homepage") || u.matches("https://(github|gitlab)\\.com/.*"))) {
                repository = u;
            }
        }
        String keywords = JsonFields.text(info, "keywords");
        return new UpstreamProject(JsonFields.text(info, "name"), JsonFields.text(info, "summary"),
                first(JsonFields.text(info, "home_page"), JsonFields.text(urls, "Homepage")), repository, licenses,
                keywords == null ? List.of() : List.of(keywords.split(keywords.contains(",") ? "\\s*,\\s*" : "\\s+")),
                "active", versions);
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    private URI uri(String path) {
        return URI.create(base.toString().replaceFirst("/$", "") + path);
    }
}
