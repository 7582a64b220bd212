package dev.quintet.packages.registry.clojars;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.registry.maven.MavenAdapter;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads Clojars as the Maven repository it is ({@code maven-metadata.xml} and POMs, parents missing there read from
 * Maven Central) and adds {@code <clojars.org>/api/artifacts/<group>/<artifact>}: versions the repository metadata
 * no longer lists (it often keeps only recent deploys), and description and homepage when the POM has none.
 * Names are Clojars' own: {@code group/artifact}, or {@code artifact} when the group is the same.
 */
public final class ClojarsAdapter implements RegistryAdapter {

    private final MavenAdapter repository;
    private final URI api;
    private final UpstreamHttp http;

    public ClojarsAdapter(URI repository, URI api, URI central, UpstreamHttp http) {
        this.repository = new MavenAdapter(repository, central, http);
        this.api = api;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CLOJARS;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        String clojars = Ecosystem.CLOJARS.normalize(name);
        ProjectFetch answer = repository.fetch(coordinates(clojars), known);
        if (!(answer instanceof ProjectFetch.Fetched fetched)) {
            return answer;
        }
        URI uri = UpstreamHttp.resolve(api, "/api/artifacts/" + clojars);
        Optional<JsonNode> artifact = http.optionalJson(uri, "a Clojars artifact");
        if (artifact.isPresent() && !artifact.get().isObject()) {
            throw UpstreamHttp.badAnswer(uri, "not a Clojars artifact (no JSON object)").failure(null);
        }
        return new ProjectFetch.Fetched(merge(clojars, fetched.project(), artifact.orElse(null)), fetched.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return clojars(repository.dependencies(coordinates(Ecosystem.CLOJARS.normalize(name)), version));
    }

    private static List<UpstreamDependency> clojars(List<UpstreamDependency> maven) {
        return maven.stream()
                .map(d -> new UpstreamDependency(Ecosystem.CLOJARS.normalize(d.name()), d.requirements(), d.kind(), d.optional()))
                .toList();
    }

    static UpstreamProject merge(String name, UpstreamProject pom, JsonNode artifact) {
        List<UpstreamVersion> versions = new ArrayList<>(pom.versions().stream().map(v -> new UpstreamVersion(v.number(),
                v.publishedAt(), v.license(), v.status(), v.dependencies() == null ? null : clojars(v.dependencies()))).toList());
        List<String> known = pom.versions().stream().map(UpstreamVersion::number).toList();
        String description = pom.description();
        String homepage = pom.homepage();
        String repositoryUrl = pom.repositoryUrl();
        if (artifact != null) {
            for (JsonNode v : artifact.path("recent_versions").values()) {
                String number = JsonFields.text(v, "version");
                if (number != null && !number.endsWith("-SNAPSHOT") && !known.contains(number)
                        && versions.stream().noneMatch(x -> x.number().equals(number))) {
                    versions.add(new UpstreamVersion(number, null, null, null, null));
                }
            }
            String apiHomepage = JsonFields.text(artifact, "homepage");
            description = description != null ? description : JsonFields.text(artifact, "description");
            homepage = homepage != null ? homepage : apiHomepage;
            if (repositoryUrl == null && apiHomepage != null && apiHomepage.matches("https?://(github\\.com|gitlab\\.com|codeberg\\.org)/[^/]+/[^/]+/?")) {
                repositoryUrl = JsonFields.repositoryUrl(apiHomepage);
            }
        }
        return new UpstreamProject(name, description, homepage, repositoryUrl, pom.licenses(), pom.keywords(),
                pom.status(), versions);
    }

    /** {@code group:artifact} as the Maven repository names it. */
    static String coordinates(String clojars) {
        String[] ga = clojars.split("/", 2);
        return ga.length == 1 ? ga[0] + ":" + ga[0] : ga[0] + ":" + ga[1];
    }
}
