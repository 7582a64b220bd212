package dev.quintet.packages.registry.bower;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.registry.repos.Repository;
import dev.quintet.packages.registry.repos.RepositoryIndex;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Bower packages: {@code <registry.bower.io>/packages/<name>} gives the package's GitHub repository, whose
 * description, licence and tags come from repos.ecosyste.ms. Versions are the semantic-version tags without a
 * leading {@code v} (as Bower reads them), dated by their commit. A version's {@code bower.json} at its tag
 * ({@code v1.2.3}, else {@code 1.2.3}) gives {@code dependencies} (runtime) and {@code devDependencies}
 * (development). Packages kept elsewhere than GitHub are not read.
 */
public final class BowerAdapter implements RegistryAdapter {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern GITHUB = Pattern.compile(
            "(?:git\\+)?(?:https?|git|ssh)://(?:git@)?github\\.com/([^/]+/[^/]+?)(?:\\.git)?/?|git@github\\.com:([^/]+/[^/]+?)(?:\\.git)?");

    private final URI registry;
    private final RepositoryIndex repositories;
    private final UpstreamHttp http;

    public BowerAdapter(URI registry, RepositoryIndex repositories, UpstreamHttp http) {
        this.registry = registry;
        this.repositories = repositories;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.BOWER;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        Optional<String> fullName = repository(name);
        Optional<Repository> found = fullName.flatMap(f -> repositories.lookup("https://github.com/" + f));
        if (found.isEmpty()) {
            return new ProjectFetch.Missing();
        }
        Repository r = found.get();
        List<UpstreamVersion> versions = new ArrayList<>();
        for (Repository.Tag t : repositories.tags(r)) {
            String number = t.name().replaceFirst("^[vV]", "");
            if (Ecosystem.BOWER.versions().isValid(number) && versions.stream().noneMatch(v -> v.number().equals(number))) {
                versions.add(new UpstreamVersion(number, t.publishedAt(), r.license(), null, null));
            }
        }
        return new ProjectFetch.Fetched(new UpstreamProject(name, r.description(), r.homepage(), r.url(),
                r.license() == null ? List.of() : List.of(r.license()), r.topics(),
                r.archived() ? "deprecated" : "active", versions), Validators.NONE);
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        String fullName = repository(name).orElse(null);
        if (fullName == null) {
            return List.of();
        }
        String ref = "v" + version;
        Optional<String> manifest = repositories.file(fullName, ref, "bower.json");
        if (manifest.isEmpty()) {
            ref = version;
            manifest = repositories.file(fullName, ref, "bower.json");
        }
        if (manifest.isEmpty()) {
            return List.of();
        }
        try {
            return dependencies(JSON.readTree(manifest.get()));
        } catch (JacksonException | IllegalStateException e) {
            throw UpstreamHttp.badAnswer(repositories.fileUri(fullName, ref, "bower.json"), "not a bower.json").failure(e);
        }
    }

    /** The {@code owner/repo} the Bower registry maps a name to; empty when it knows none on GitHub. */
    private Optional<String> repository(String name) {
        URI uri = UpstreamHttp.resolve(registry, "/packages/" + name);
        return http.optionalJson(uri, "a Bower registry entry").map(doc -> {
            String url = JsonFields.text(doc, "url");
            if (url == null) {
                throw UpstreamHttp.badAnswer(uri, "not a Bower registry entry (no url)").failure(null);
            }
            Matcher m = GITHUB.matcher(url);
            return m.matches() ? (m.group(1) != null ? m.group(1) : m.group(2)) : null;
        });
    }

    static List<UpstreamDependency> dependencies(JsonNode doc) {
        if (doc == null || !doc.isObject()) {
            throw new IllegalStateException("not an object");
        }
        List<UpstreamDependency> deps = new ArrayList<>();
        for (Map.Entry<String, String> kind : Map.of("dependencies", "runtime", "devDependencies", "development").entrySet()) {
            for (Map.Entry<String, JsonNode> d : doc.path(kind.getKey()).properties()) {
                String requirement = d.getValue().isString() && !d.getValue().asString().isBlank()
                        ? d.getValue().asString().strip() : "*";
                deps.add(new UpstreamDependency(d.getKey(), requirement, kind.getValue(), false));
            }
        }
        deps.sort((a, b) -> a.kind().equals(b.kind()) ? 0 : a.kind().equals("runtime") ? -1 : 1);
        return deps;
    }
}
