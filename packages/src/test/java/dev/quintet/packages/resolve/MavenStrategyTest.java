package dev.quintet.packages.resolve;

import static dev.quintet.packages.resolve.InMemoryCatalog.edges;
import static dev.quintet.packages.resolve.InMemoryCatalog.nodes;
import static dev.quintet.packages.resolve.InMemoryCatalog.problems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.InMemoryCatalog.Dep;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MavenStrategyTest {

    private final InMemoryCatalog maven = new InMemoryCatalog(Ecosystem.MAVEN);

    private static Dep dep(String artifact, String version) {
        return scoped(artifact, version, "compile");
    }

    private static Dep scoped(String artifact, String version, String scope, String... exclusions) {
        return new Dep("g:" + artifact, version, scope.equals("test") ? "test" : "runtime", false,
                DependencyDetails.maven(scope, List.of(exclusions)));
    }

    @Test
    void theNearestDeclarationWinsWhateverItsVersion() {
        maven.pkg("g:app").version("1", dep("a", "1"), dep("c", "1"));
        maven.pkg("g:a").version("1", dep("b", "1"));
        maven.pkg("g:b").version("1", dep("x", "1.0"));
        maven.pkg("g:c").version("1", dep("x", "2.0"));
        maven.pkg("g:x").versions("1.0", "2.0", "3.0");

        ResolvedGraph graph = maven.resolve("g:app", "1");

        assertThat(nodes(graph)).containsExactly("g:app@1 SELF", "g:a@1 DIRECT", "g:c@1 DIRECT", "g:b@1 INDIRECT",
                "g:x@2.0 INDIRECT");
        assertThat(edges(graph)).contains("g:c@1 -> g:x@2.0", "g:b@1 -> g:x@2.0");
    }

    @Test
    void atEqualDepthTheFirstDeclarationWins() {
        maven.pkg("g:app").version("1", dep("a", "1"), dep("b", "1"));
        maven.pkg("g:a").version("1", dep("x", "1.0"));
        maven.pkg("g:b").version("1", dep("x", "2.0"));
        maven.pkg("g:x").versions("1.0", "2.0");

        assertThat(nodes(maven.resolve("g:app", "1"))).containsExactly("g:app@1 SELF", "g:a@1 DIRECT",
                "g:b@1 DIRECT", "g:x@1.0 INDIRECT");
    }

    @Test
    void exclusionsHoldForTheWholeSubtreeWildcardsIncluded() {
        maven.pkg("g:app").version("1", scoped("a", "1", "compile", "g:x"), scoped("b", "1", "compile", "*:*"),
                scoped("c", "1", "compile", "g:*"));
        maven.pkg("g:a").version("1", dep("x", "1"), dep("y", "1"));
        maven.pkg("g:y").version("1", dep("x", "1"));
        maven.pkg("g:b").version("1", dep("y", "1"));
        maven.pkg("g:c").version("1", dep("z", "1"));
        maven.pkg("g:x").versions("1");
        maven.pkg("g:z").versions("1");

        ResolvedGraph graph = maven.resolve("g:app", "1");

        assertThat(nodes(graph)).containsExactly("g:app@1 SELF", "g:a@1 DIRECT", "g:b@1 DIRECT", "g:c@1 DIRECT",
                "g:y@1 INDIRECT");
        assertThat(edges(graph)).containsExactly("g:app@1 -> g:a@1", "g:app@1 -> g:b@1", "g:app@1 -> g:c@1",
                "g:a@1 -> g:y@1");
    }

    @Test
    void optionalDependenciesAreNotTransitiveButTheRootsOwnAreIn() {
        maven.pkg("g:app").version("1", dep("a", "1"), dep("own", "1").markedOptional());
        maven.pkg("g:a").version("1", dep("opt", "1").markedOptional(), dep("req", "1"));
        maven.pkg("g:own").versions("1");
        maven.pkg("g:opt").versions("1");
        maven.pkg("g:req").versions("1");

        assertThat(nodes(maven.resolve("g:app", "1"))).containsExactly("g:app@1 SELF", "g:a@1 DIRECT",
                "g:own@1 DIRECT", "g:req@1 INDIRECT");
    }

    @Test
    void testAndProvidedScopesStayOutUnlessAskedForAtTheRoot() {
        maven.pkg("g:app").version("1", dep("a", "1"), scoped("junit", "4", "test"), scoped("api", "1", "provided"),
                scoped("driver", "1", "runtime"));
        maven.pkg("g:a").version("1", scoped("mockito", "5", "test"), scoped("servlet", "1", "provided"), dep("b", "1"));
        maven.pkg("g:junit").version("4", dep("hamcrest", "1"));
        maven.pkg("g:driver").version("1", dep("pool", "1"));
        maven.pkg("g:api").versions("1");
        maven.pkg("g:b").versions("1");
        maven.pkg("g:hamcrest").versions("1");
        maven.pkg("g:pool").versions("1");
        maven.pkg("g:mockito").versions("5");
        maven.pkg("g:servlet").versions("1");

        assertThat(edges(maven.resolve("g:app", "1"))).containsExactly("g:app@1 -> g:a@1",
                "g:app@1 -> g:driver@1 [RUNTIME]", "g:a@1 -> g:b@1", "g:driver@1 -> g:pool@1 [RUNTIME]");
        assertThat(edges(maven.resolve("g:app", "1", 1000, Set.of("compile", "runtime", "test"))))
                .contains("g:app@1 -> g:junit@4 [TEST]", "g:junit@4 -> g:hamcrest@1 [TEST]")
                .doesNotContain("g:app@1 -> g:api@1 [PROVIDED]", "g:a@1 -> g:mockito@5 [TEST]");
    }

    @Test
    void theRootsManagementFromBomsSetsTransitiveVersionsButNotDirectOnes() {
        maven.pkg("g:app").version("1", dep("a", "1"), dep("x", "1.0"))
                .managing("1", dep("x", "3.0"), dep("y", "2.0"), scoped("z", "1.0", "test"));
        maven.pkg("g:a").version("1", dep("y", "1.0"), dep("z", "1.0"));
        maven.pkg("g:x").versions("1.0", "3.0");
        maven.pkg("g:y").versions("1.0", "2.0");
        maven.pkg("g:z").versions("1.0");

        assertThat(edges(maven.resolve("g:app", "1"))).containsExactly("g:app@1 -> g:a@1", "g:app@1 -> g:x@1.0",
                "g:a@1 -> g:y@2.0");
    }

    @Test
    void aRangePicksTheHighestListedVersionItContains() {
        maven.pkg("g:app").version("1", dep("r", "[1.0,2.0)"), dep("missing", "9.9"), dep("unset", "*"));
        maven.pkg("g:r").versions("1.0", "1.5", "2.0");
        maven.pkg("g:missing").versions("1.0");
        maven.pkg("g:unset").versions("1.0");

        ResolvedGraph graph = maven.resolve("g:app", "1");

        assertThat(edges(graph)).containsExactly("g:app@1 -> g:r@1.5");
        assertThat(problems(graph)).containsExactly(
                "g:app: g:missing 9.9: no version of g:missing listed in the repository matches '9.9'",
                "g:app: g:unset *: no version is declared or managed");
    }
}
