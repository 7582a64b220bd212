package dev.quintet.packages.registry.repos;

import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads GitHub repositories through repos.ecosyste.ms ({@code GET /api/v1/repositories/lookup?url=...}, then the
 * tag list the answer links to, {@code ...?per_page=1000}) and files at a tag from raw.githubusercontent.com.
 */
public final class RepositoryIndex {

    private final URI index;
    private final URI raw;
    private final UpstreamHttp http;

    public RepositoryIndex(URI index, URI raw, UpstreamHttp http) {
        this.index = index;
        this.raw = raw;
        this.http = http;
    }

    /** The repository at a GitHub URL; empty when the index does not know it. */
    public Optional<Repository> lookup(String githubUrl) {
        URI uri = UpstreamHttp.resolve(index, "/api/v1/repositories/lookup?url=" + githubUrl);
        return http.optionalJson(uri, "a repository lookup").map(doc -> read(uri, doc));
    }

    /** The repository's tags, as listed (newest first on the index). */
    public List<Repository.Tag> tags(Repository repository) {
        URI uri = UpstreamHttp.resolve(index, repository.tagsPath());
        JsonNode doc = http.requireJson(uri, "a tag list");
        if (!doc.isArray()) {
            throw UpstreamHttp.badAnswer(uri, "not a tag list (no array)").failure(null);
        }
        List<Repository.Tag> tags = new ArrayList<>();
        for (JsonNode t : doc.values()) {
            String name = JsonFields.text(t, "name");
            if (name != null) {
                tags.add(new Repository.Tag(name, JsonFields.instant(JsonFields.text(t, "published_at"))));
            }
        }
        return tags;
    }

    /** A file of the repository at a tag or branch; empty when it has none there. */
    public Optional<String> file(String fullName, String ref, String path) {
        UpstreamResponse response = http.get(fileUri(fullName, ref, path), Validators.NONE, "*/*");
        return response.status() == 200 ? Optional.of(response.body()) : Optional.empty();
    }

    /** Where {@link #file} reads a file, for failures that name it. */
    public URI fileUri(String fullName, String ref, String path) {
        String encodedRef = URLEncoder.encode(ref, StandardCharsets.UTF_8).replace("+", "%2B");
        return UpstreamHttp.resolve(raw, "/" + fullName + "/" + encodedRef + "/" + path);
    }

    private static Repository read(URI uri, JsonNode doc) {
        String fullName = JsonFields.text(doc, "full_name");
        if (fullName == null || !fullName.contains("/")) {
            throw UpstreamHttp.badAnswer(uri, "not a repository lookup (no full_name)").failure(null);
        }
        String tagsUrl = JsonFields.text(doc, "tags_url");
        String host = JsonFields.text(doc.path("host"), "name");
        String tagsPath = "/api/v1/hosts/" + (host == null ? "GitHub" : host) + "/repositories/" + fullName + "/tags";
        try {
            tagsPath = tagsUrl == null ? tagsPath : URI.create(tagsUrl).getRawPath();
        } catch (IllegalArgumentException e) {
            throw UpstreamHttp.badAnswer(uri, "not a repository lookup (tags_url is not a URL)").failure(e);
        }
        return new Repository(fullName, JsonFields.text(doc, "description"), JsonFields.text(doc, "homepage"),
                JsonFields.text(doc, "license"), JsonFields.texts(doc, "topics"), doc.path("archived").asBoolean(false),
                tagsPath + "?per_page=1000");
    }
}
