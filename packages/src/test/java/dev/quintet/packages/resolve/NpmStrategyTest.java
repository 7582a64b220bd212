package dev.quintet.packages.resolve;

import static dev.quintet.packages.resolve.InMemoryCatalog.Dep.on;
import static dev.quintet.packages.resolve.InMemoryCatalog.edges;
import static dev.quintet.packages.resolve.InMemoryCatalog.nodes;
import static dev.quintet.packages.resolve.InMemoryCatalog.problems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.Ecosystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NpmStrategyTest {

    private final InMemoryCatalog npm = new InMemoryCatalog(Ecosystem.NPM);

    @Test
    void requirementsSatisfiedByThePackageAtTheTopShareOneNode() {
        npm.pkg("app").version("1.0.0", on("a", "^1.0.0"), on("c", "^1.0.0"));
        npm.pkg("a").version("1.0.0", on("shared", "^1.0.0"));
        npm.pkg("c").version("1.0.0", on("shared", "^1.1.0"));
        npm.pkg("shared").versions("1.0.0", "1.1.0", "1.2.0").latestTag("1.2.0");

        ResolvedGraph graph = npm.resolve("app", "1.0.0");

        assertThat(nodes(graph)).containsExactly("app@1.0.0 SELF", "a@1.0.0 DIRECT", "c@1.0.0 DIRECT",
                "shared@1.2.0 INDIRECT");
        assertThat(edges(graph)).containsExactly("app@1.0.0 -> a@1.0.0", "app@1.0.0 -> c@1.0.0",
                "a@1.0.0 -> shared@1.2.0", "c@1.0.0 -> shared@1.2.0");
        assertThat(graph.complete()).isTrue();
        assertThat(graph.errors()).isNull();
    }

    @Test
    void aRequirementThePackageAtTheTopDoesNotSatisfyGetsItsOwnVersion() {
        npm.pkg("app").version("1.0.0", on("a", "^1.0.0"), on("b", "^2.0.0"));
        npm.pkg("a").version("1.0.0", on("b", "^1.0.0"));
        npm.pkg("b").versions("1.0.0", "1.5.0", "2.0.0", "2.1.0").latestTag("2.1.0");

        ResolvedGraph graph = npm.resolve("app", "1.0.0");

        assertThat(nodes(graph)).containsExactly("app@1.0.0 SELF", "a@1.0.0 DIRECT", "b@2.1.0 DIRECT",
                "b@1.5.0 INDIRECT");
        assertThat(edges(graph)).contains("a@1.0.0 -> b@1.5.0", "app@1.0.0 -> b@2.1.0");
    }

    @ParameterizedTest(name = "{0} picks {1}")
    @CsvSource(delimiter = '|', textBlock = """
            >=1.0.0        | 1.1.0
            *              | 1.1.0
            latest         | 1.1.0
            ^2.0.0         | 2.0.0
            ~1.0.0         | 1.0.1
            ^1.2.0-beta.0  | 1.2.0-beta.2
            ^1.0.0         | 1.1.0
            npm:lib@^2     | 2.0.0
            """)
    void picksTheLatestTagWhenItSatisfiesElseTheHighestAndPreReleasesOnlyWhenNamed(String range, String picked) {
        npm.pkg("app").version("1.0.0", on("lib", range));
        npm.pkg("lib").versions("1.0.0", "1.0.1", "1.1.0", "1.2.0-beta.2", "2.0.0").latestTag("1.1.0");

        assertThat(edges(npm.resolve("app", "1.0.0"))).containsExactly("app@1.0.0 -> lib@" + picked);
    }

    @Test
    void deprecatedVersionsArePickedOnlyWhenNothingElseFits() {
        npm.pkg("app").version("1.0.0", on("lib", "^1.0.0"), on("old", "^3.0.0"));
        npm.pkg("lib").versions("1.0.0", "1.1.0").status("1.1.0", "deprecated");
        npm.pkg("old").versions("3.0.0").status("3.0.0", "deprecated");

        assertThat(edges(npm.resolve("app", "1.0.0"))).containsExactly("app@1.0.0 -> lib@1.0.0",
                "app@1.0.0 -> old@3.0.0");
    }

    @Test
    void installsPeersAndLinksOptionalPeersOnlyToWhatIsThereAnyway() {
        npm.pkg("app").version("1.0.0", on("plugin", "^1.0.0"), on("types", "^1.0.0"));
        npm.pkg("plugin").version("1.0.0", on("host", "^3.0.0").kind("peer"), on("types", "^1.0.0").kind("peer").markedOptional(),
                on("extras", "^1.0.0").kind("peer").markedOptional());
        npm.pkg("host").versions("3.0.0", "3.2.0");
        npm.pkg("types").versions("1.0.0");
        npm.pkg("extras").versions("1.0.0");

        ResolvedGraph graph = npm.resolve("app", "1.0.0");

        assertThat(edges(graph)).containsExactly("app@1.0.0 -> plugin@1.0.0", "app@1.0.0 -> types@1.0.0",
                "plugin@1.0.0 -> host@3.2.0 [PEER]", "plugin@1.0.0 -> types@1.0.0 [PEER]");
        assertThat(nodes(graph)).doesNotContain("extras@1.0.0 INDIRECT");
    }

    @Test
    void followsOptionalDependenciesButNotDevelopmentOnes() {
        npm.pkg("app").version("1.0.0", on("watcher", "^2.0.0").kind("optional").markedOptional(),
                on("test-runner", "^1.0.0").kind("development"));
        npm.pkg("watcher").version("2.0.0", on("lib", "^1.0.0").kind("development"));
        npm.pkg("test-runner").versions("1.0.0");
        npm.pkg("lib").versions("1.0.0");

        assertThat(edges(npm.resolve("app", "1.0.0"))).containsExactly("app@1.0.0 -> watcher@2.0.0 [OPTIONAL]");
    }

    @Test
    void unresolvableRequirementsBecomeErrorsOfTheNodeThatAsked() {
        npm.pkg("app").version("1.0.0", on("a", "^1.0.0"), on("ghost", "^1.0.0"), on("git-dep", "github:user/repo"));
        npm.pkg("a").version("1.0.0", on("lib", "^9.0.0"), on("lib", "next"));
        npm.pkg("lib").versions("1.0.0");

        ResolvedGraph graph = npm.resolve("app", "1.0.0");

        assertThat(problems(graph)).containsExactlyInAnyOrder(
                "app: ghost ^1.0.0: no NPM package named 'ghost' exists upstream",
                "app: git-dep github:user/repo: npm requirement 'github:user/repo' is a URL, path, alias or git"
                        + " reference, not a semver range",
                "a: lib ^9.0.0: no version of lib satisfies '^9.0.0'",
                "a: lib next: dist-tag 'next' is not known; of the tags only 'latest' is");
        assertThat(graph.complete()).isTrue();
    }
}
