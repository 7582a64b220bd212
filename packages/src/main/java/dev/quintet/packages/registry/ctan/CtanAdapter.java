package dev.quintet.packages.registry.ctan;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <ctan>/json/2.0/pkg/<id>} (conditionally). CTAN keeps only the current version (its number, else its
 * date as the number) with its date; earlier stored ones stay. Licences are CTAN's keys ({@code lppl1.3c},
 * {@code gpl3+}), several of them joined with AND since each covers part of the package. CTAN lists no
 * dependencies.
 */
public final class CtanAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public CtanAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CTAN;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        ProjectFetch answer = http.fetchJson(UpstreamHttp.resolve(base, "/json/2.0/pkg/" + name), known, "a CTAN package",
                doc -> doc.isObject() && doc.has("errors") && !doc.has("id") ? null : parse(doc));
        return answer instanceof ProjectFetch.Fetched f && f.project() == null ? new ProjectFetch.Missing() : answer;
    }

    static UpstreamProject parse(JsonNode doc) {
        if (!doc.isObject() || JsonFields.text(doc, "id") == null) {
            throw new IllegalStateException("no package id");
        }
        JsonNode version = doc.path("version");
        String date = JsonFields.text(version, "date");
        String number = JsonFields.text(version, "number") != null ? JsonFields.text(version, "number") : date;
        List<String> licenses = JsonFields.texts(doc, "license");
        String license = licenses.isEmpty() ? null : String.join(" AND ", licenses);
        String description = JsonFields.text(doc, "caption");
        String repository = JsonFields.repositoryUrl(JsonFields.text(doc, "repository"));
        String homepage = JsonFields.text(doc, "home");
        List<UpstreamVersion> versions = number == null ? List.of()
                : List.of(new UpstreamVersion(number, day(date), license, null, List.of()));
        return new UpstreamProject(JsonFields.text(doc, "id"), description,
                homepage != null ? homepage : "https://ctan.org/pkg/" + JsonFields.text(doc, "id"), repository,
                licenses, JsonFields.texts(doc, "topics"), "active", versions);
    }

    private static Instant day(String date) {
        try {
            return date == null ? null : LocalDate.parse(date).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
