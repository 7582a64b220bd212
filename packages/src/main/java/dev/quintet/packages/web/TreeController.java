package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Lookup;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.DependencyGraphs;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Resolved dependency graphs: {@code /api/{platform}/{name}/{version}/tree} ({@code latest} allowed) and
 * {@code /api/{platform}/{name}/tree} (the latest stable version), for the ecosystems a resolver exists for.
 */
@RestController
final class TreeController {

    private final ProjectAnswers answers;
    private final DependencyGraphs graphs;

    TreeController(ProjectAnswers answers, DependencyGraphs graphs) {
        this.answers = answers;
        this.graphs = graphs;
    }

    @GetMapping(value = {"/api/{platform}/{name}/tree", "/api/{platform}/{name}/tree/"}, produces = "application/json")
    TreeView latest(@PathVariable String platform, @PathVariable String name,
                    @RequestParam(name = "max_nodes", required = false) String maxNodes,
                    @RequestParam(name = "scopes", required = false) String scopes, HttpServletResponse response) {
        return tree(platform, name, "latest", maxNodes, scopes, response);
    }

    @GetMapping(value = {"/api/{platform}/{name}/{version}/tree", "/api/{platform}/{name}/{version}/tree/"},
            produces = "application/json")
    TreeView tree(@PathVariable String platform, @PathVariable String name, @PathVariable String version,
                  @RequestParam(name = "max_nodes", required = false) String maxNodes,
                  @RequestParam(name = "scopes", required = false) String scopes, HttpServletResponse response) {
        Ecosystem ecosystem = ecosystem(platform);
        answers.ecosystem(ecosystem.key(), name);
        Optional<Integer> nodes = maxNodes(maxNodes);
        Set<String> rootScopes = scopes(ecosystem, scopes);
        Lookup lookup = answers.lookup(ecosystem, name, response);
        return TreeView.of(ecosystem, graphs.resolve(ecosystem, lookup.project(), version.strip(), nodes, rootScopes));
    }

    private Ecosystem ecosystem(String platform) {
        String supported = graphs.supported().stream().map(Ecosystem::key).collect(Collectors.joining(", "));
        Ecosystem ecosystem = answers.served(platform).orElseThrow(() -> ApiException.notFound("platform '" + platform
                + "' is not supported; dependency graphs are resolved for " + supported));
        if (!graphs.supports(ecosystem)) {
            throw ApiException.invalidParameter("platform", "dependency graphs are resolved for " + supported
                    + " only, got '" + platform + "'");
        }
        return ecosystem;
    }

    private Optional<Integer> maxNodes(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String rule = "max_nodes must be 1.." + graphs.maxNodes() + ", got '" + text + "'";
        try {
            int n = Integer.parseInt(text.strip());
            if (n < 1 || n > graphs.maxNodes()) {
                throw ApiException.invalidParameter("max_nodes", rule);
            }
            return Optional.of(n);
        } catch (NumberFormatException e) {
            throw ApiException.invalidParameter("max_nodes", rule);
        }
    }

    private static Set<String> scopes(Ecosystem ecosystem, String text) {
        if (text == null) {
            return DependencyGraphs.DEFAULT_MAVEN_SCOPES;
        }
        if (ecosystem != Ecosystem.MAVEN) {
            throw ApiException.invalidParameter("scopes", "scopes apply to Maven graphs only");
        }
        Set<String> scopes = Arrays.stream(text.split(",")).map(s -> s.strip().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty()).collect(Collectors.toCollection(LinkedHashSet::new));
        if (scopes.isEmpty() || !DependencyGraphs.MAVEN_SCOPES.containsAll(scopes)) {
            throw ApiException.invalidParameter("scopes", "scopes must be a comma-separated list of "
                    + String.join(", ", DependencyGraphs.MAVEN_SCOPES.stream().sorted().toList()) + ", got '" + text + "'");
        }
        return Set.copyOf(scopes);
    }
}
