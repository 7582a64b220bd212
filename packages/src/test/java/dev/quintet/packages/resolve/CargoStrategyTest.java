package dev.quintet.packages.resolve;

import static dev.quintet.packages.resolve.InMemoryCatalog.edges;
import static dev.quintet.packages.resolve.InMemoryCatalog.nodes;
import static dev.quintet.packages.resolve.InMemoryCatalog.problems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.InMemoryCatalog.Dep;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CargoStrategyTest {

    private final InMemoryCatalog cargo = new InMemoryCatalog(Ecosystem.CARGO);

    private static Dep dep(String name, String req) {
        return Dep.on(name, req);
    }

    private static Dep withFeatures(String name, String req, boolean defaults, String... features) {
        return Dep.on(name, req).details(DependencyDetails.cargo(List.of(features), defaults));
    }

    @Test
    void incompatibleVersionsCoexistAndCompatibleOnesUnify() {
        cargo.pkg("app").version("1.0.0", dep("rand", "0.7"), dep("a", "1"), dep("serde", "1.0.100"));
        cargo.pkg("a").version("1.2.0", dep("rand", "0.8.1"), dep("serde", "^1.0.150"), dep("rand", "0.8"));
        cargo.pkg("rand").versions("0.7.0", "0.7.3", "0.8.0", "0.8.5");
        cargo.pkg("serde").versions("1.0.100", "1.0.150", "1.0.190", "2.0.0");

        ResolvedGraph graph = cargo.resolve("app", "1.0.0");

        assertThat(nodes(graph)).containsExactly("app@1.0.0 SELF", "rand@0.7.3 DIRECT", "a@1.2.0 DIRECT",
                "serde@1.0.190 DIRECT", "rand@0.8.5 INDIRECT");
        assertThat(edges(graph)).contains("a@1.2.0 -> serde@1.0.190", "a@1.2.0 -> rand@0.8.5");
    }

    @Test
    void aPinTheActiveVersionOfItsRangeDoesNotSatisfyForcesARepick() {
        cargo.pkg("app").version("1.0.0", dep("serde", "1"), dep("a", "1"));
        cargo.pkg("a").version("1.0.0", dep("serde", "=1.0.150"));
        cargo.pkg("serde").versions("1.0.100", "1.0.150", "1.0.190");

        ResolvedGraph graph = cargo.resolve("app", "1.0.0");

        assertThat(nodes(graph)).containsExactly("app@1.0.0 SELF", "serde@1.0.150 DIRECT", "a@1.0.0 DIRECT");
        assertThat(problems(graph)).isEmpty();
    }

    @Test
    void optionalDependenciesFollowOnlyWhenAFeatureTurnsThemOn() {
        cargo.pkg("app").version("1.0.0", withFeatures("fmt", "1", true, "json"), withFeatures("io", "1", false),
                withFeatures("net", "1", true));
        cargo.pkg("fmt").version("1.0.0", dep("serde_json", "1").markedOptional(), dep("toml", "1").markedOptional())
                .features("1.0.0", Map.of("json", List.of("dep:serde_json"), "toml", List.of("dep:toml")));
        cargo.pkg("io").version("1.0.0", dep("libc", "0.2").markedOptional())
                .features("1.0.0", Map.of("default", List.of("std"), "std", List.of("libc")));
        cargo.pkg("net").version("1.0.0", dep("tls", "1").markedOptional(), dep("bytes", "1"))
                .features("1.0.0", Map.of("default", List.of("secure", "bytes/std"), "secure", List.of("tls?/fast")));
        cargo.pkg("serde_json").versions("1.0.0");
        cargo.pkg("toml").versions("1.0.0");
        cargo.pkg("libc").versions("0.2.150");
        cargo.pkg("tls").versions("1.0.0");
        cargo.pkg("bytes").version("1.0.0", dep("serde", "1").markedOptional())
                .features("1.0.0", Map.of("std", List.of("serde")));
        cargo.pkg("serde").versions("1.0.0");

        assertThat(edges(cargo.resolve("app", "1.0.0"))).containsExactly("app@1.0.0 -> fmt@1.0.0",
                "app@1.0.0 -> io@1.0.0", "app@1.0.0 -> net@1.0.0", "fmt@1.0.0 -> serde_json@1.0.0",
                "net@1.0.0 -> bytes@1.0.0", "bytes@1.0.0 -> serde@1.0.0");
    }

    @Test
    void skipsDevelopmentDependenciesAndYankedVersionsAndMarksBuildOnes() {
        cargo.pkg("app").version("1.0.0", dep("criterion", "0.5").kind("development"), dep("cc", "1").kind("build"),
                dep("log", "0.4"), dep("gone", "1"));
        cargo.pkg("cc").versions("1.0.0");
        cargo.pkg("criterion").versions("0.5.1");
        cargo.pkg("log").versions("0.4.20", "0.4.21").status("0.4.21", "yanked");
        cargo.pkg("gone").versions("1.0.0").status("1.0.0", "yanked");

        ResolvedGraph graph = cargo.resolve("app", "1.0.0");

        assertThat(edges(graph)).containsExactly("app@1.0.0 -> cc@1.0.0 [BUILD]", "app@1.0.0 -> log@0.4.20");
        assertThat(problems(graph)).containsExactly("app: gone 1: no version of gone that is not yanked satisfies '1'");
    }
}
