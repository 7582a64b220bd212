package dev.quintet.packages.resolve;

import static dev.quintet.packages.resolve.InMemoryCatalog.Dep.on;
import static dev.quintet.packages.resolve.InMemoryCatalog.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.registry.Ecosystem;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DependencyGraphsTest {

    private final InMemoryCatalog npm = new InMemoryCatalog(Ecosystem.NPM);

    private void chain() {
        npm.pkg("app").version("1.0.0", on("a", "^1.0.0"), on("b", "^1.0.0"));
        npm.pkg("a").version("1.0.0", on("c", "^1.0.0"));
        npm.pkg("b").version("1.0.0", on("d", "^1.0.0"));
        npm.pkg("c").versions("1.0.0");
        npm.pkg("d").versions("1.0.0");
    }

    @Test
    void theNodeLimitCutsTheGraphAndSaysWhichLimit() {
        chain();

        ResolvedGraph graph = npm.resolve("app", "1.0.0", 3, DependencyGraphs.DEFAULT_MAVEN_SCOPES);

        assertThat(nodes(graph)).containsExactly("app@1.0.0 SELF", "a@1.0.0 DIRECT", "b@1.0.0 DIRECT");
        assertThat(graph.complete()).isFalse();
        assertThat(graph.errors()).singleElement().satisfies(p -> assertThat(p.message())
                .isEqualTo("the graph reached its limit of 3 nodes; c 1.0.0 and what it needs are left out"));
    }

    @Test
    void theUpstreamFetchLimitCutsTheGraphAndOnlyCountsWhatTheStoreDoesNotHoldFresh() {
        chain();
        npm.nothingStoredFresh();
        PackagesProperties.Tree limits = new PackagesProperties.Tree(1000, 2, 2, 20);

        ResolvedGraph graph = npm.graphs(limits).resolve(Ecosystem.NPM, npm.project("app"), "1.0.0", Optional.empty(),
                DependencyGraphs.DEFAULT_MAVEN_SCOPES);

        assertThat(nodes(graph)).containsExactly("app@1.0.0 SELF", "a@1.0.0 DIRECT", "b@1.0.0 DIRECT");
        assertThat(npm.fetched).containsExactlyInAnyOrder("a", "b");
        assertThat(graph.complete()).isFalse();
        assertThat(graph.errors()).singleElement().satisfies(p -> assertThat(p.message())
                .startsWith("the resolution reached its limit of 2 upstream fetches per request"));
    }

    @Test
    void aVersionSpelledAsLatestIsTheLatestStable() {
        npm.pkg("app").versions("1.0.0", "1.1.0", "2.0.0-rc.1");

        assertThat(npm.resolve("app", "latest").version()).isEqualTo("1.1.0");
    }
}
