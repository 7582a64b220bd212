package dev.quintet.packages.registry.cran;

import dev.quintet.packages.registry.Ecosystem;
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
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * Reads CRAN's HTML with jsoup: {@code <cran>/web/packages/<name>/index.html} (the current version, its date,
 * title, licence, URL and dependencies; conditionally) and {@code /src/contrib/Archive/<name>/} (earlier versions,
 * dated by their file; a missing archive means there are none). Only the current version's dependencies are known:
 * earlier ones are in their source tarballs, which are not read. A page saying the package was removed from CRAN
 * marks it removed, its versions then coming from the archive alone.
 */
public final class CranAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public CranAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CRAN;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI pageUri = UpstreamHttp.resolve(base, "/web/packages/" + name + "/index.html");
        UpstreamResponse page = http.get(pageUri, known, "text/html");
        if (page.missing()) {
            return new ProjectFetch.Missing();
        }
        if (page.notModified()) {
            return new ProjectFetch.NotModified(page.validators());
        }
        Document doc = Jsoup.parse(page.body(), pageUri.toString());
        Map<String, String> fields = CranPage.fields(doc);
        boolean removed = doc.text().contains("was removed from the CRAN repository");
        String current = fields.get("Version");
        if (current == null && !removed) {
            throw UpstreamHttp.badAnswer(pageUri, "not a CRAN package page (no Version row)").failure(null);
        }
        String license = CranPage.license(fields.get("License"));
        List<UpstreamVersion> versions = new ArrayList<>();
        archive(name).forEach((v, date) -> versions.add(new UpstreamVersion(v, date, null, null, null)));
        if (current != null) {
            versions.removeIf(v -> v.number().equals(current));
            versions.add(new UpstreamVersion(current, CranPage.day(fields.get("Published")), license, null,
                    CranPage.dependencies(fields)));
        }
        if (versions.isEmpty()) {
            throw UpstreamHttp.badAnswer(pageUri, "not a CRAN package page (no versions)").failure(null);
        }
        String title = doc.selectFirst("h2") == null ? null : doc.selectFirst("h2").text().replaceFirst("^[^:]+:\\s*", "");
        String url = fields.get("URL") == null ? null : fields.get("URL").split("[,\\s]+")[0];
        return new ProjectFetch.Fetched(new UpstreamProject(name, title, url, repository(fields),
                license == null ? List.of() : List.of(license), List.of(), removed ? "removed" : "active", versions),
                page.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return List.of();
    }

    private Map<String, Instant> archive(String name) {
        URI uri = UpstreamHttp.resolve(base, "/src/contrib/Archive/" + name + "/");
        UpstreamResponse listing = http.get(uri, Validators.NONE, "text/html");
        return listing.status() == 200 ? CranPage.archive(Jsoup.parse(listing.body()), name) : Map.of();
    }

    private static String repository(Map<String, String> fields) {
        for (String field : List.of("URL", "BugReports")) {
            String text = fields.get(field);
            if (text != null) {
                for (String url : text.split("[,\\s]+")) {
                    if (url.matches("https://(github\\.com|gitlab\\.com)/[^/]+/[^/]+.*")) {
                        return url.replaceFirst("^(https://[^/]+/[^/]+/[^/#?]+).*", "$1").replaceFirst("\\.git$", "");
                    }
                }
            }
        }
        return null;
    }
}
