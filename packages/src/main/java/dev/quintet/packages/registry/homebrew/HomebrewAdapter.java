package dev.quintet.packages.registry.homebrew;

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
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code <formulae>/api/formula/<name>.json} (conditionally). Homebrew describes only the current stable
 * version (with its revision as {@code _N}), without a date; older versions are the ones we stored before.
 * Dependencies carry no version requirement: runtime, build, test, optional and recommended (runtime) ones.
 */
public final class HomebrewAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public HomebrewAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.HOMEBREW;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        return http.fetchJson(UpstreamHttp.resolve(base, "/api/formula/" + name + ".json"), known, "a Homebrew formula",
                HomebrewAdapter::parse);
    }

    static UpstreamProject parse(JsonNode formula) {
        String stable = JsonFields.text(formula.path("versions"), "stable");
        if (JsonFields.text(formula, "name") == null || stable == null) {
            throw new IllegalStateException("no name or stable version");
        }
        int revision = formula.path("revision").asInt(0);
        String number = revision > 0 ? stable + "_" + revision : stable;
        String license = JsonFields.text(formula, "license");
        String spdx = license == null ? null : license.replace(" and ", " AND ").replace(" or ", " OR ")
                .replace(" with ", " WITH ");
        boolean retired = formula.path("deprecated").asBoolean(false) || formula.path("disabled").asBoolean(false);
        String source = JsonFields.text(formula.path("urls").path("stable"), "url");
        String repository = source != null && source.matches("https://github\\.com/[^/]+/[^/]+/.*")
                ? JsonFields.repositoryUrl(source.replaceFirst("(https://github\\.com/[^/]+/[^/]+)/.*", "$1")) : null;
        return new UpstreamProject(JsonFields.text(formula, "name"), JsonFields.text(formula, "desc"),
                JsonFields.text(formula, "homepage"), repository, spdx == null ? List.of() : List.of(spdx), List.of(),
                retired ? "deprecated" : "active",
                List.of(new UpstreamVersion(number, null, spdx, null, dependencies(formula))));
    }

    static List<UpstreamDependency> dependencies(JsonNode formula) {
        List<UpstreamDependency> out = new ArrayList<>();
        String[][] groups = {{"dependencies", "runtime"}, {"recommended_dependencies", "runtime"},
                {"build_dependencies", "build"}, {"test_dependencies", "test"}, {"optional_dependencies", "optional"}};
        for (String[] group : groups) {
            for (String name : JsonFields.texts(formula, group[0])) {
                out.add(new UpstreamDependency(name, "*", group[1], group[1].equals("optional")));
            }
        }
        return out;
    }
}
