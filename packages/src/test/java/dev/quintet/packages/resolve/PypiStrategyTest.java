package dev.quintet.packages.resolve;

import static dev.quintet.packages.resolve.InMemoryCatalog.edges;
import static dev.quintet.packages.resolve.InMemoryCatalog.problems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.InMemoryCatalog.Dep;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PypiStrategyTest {

    private final InMemoryCatalog pypi = new InMemoryCatalog(Ecosystem.PYPI);

    private static Dep req(String name, String spec) {
        return Dep.on(name, spec);
    }

    private static Dep req(String name, String spec, String marker, String... extras) {
        return Dep.on(name, spec).details(DependencyDetails.python(marker, List.of(extras)));
    }

    @Test
    void followsOnlyRequirementsWhoseMarkersHoldOnCpython312OnLinux() {
        pypi.pkg("app").version("1.0", req("old-backport", "*", "python_version < \"3.10\""),
                req("modern", ">=1", "python_version >= \"3.8\""),
                req("winlib", "*", "sys_platform == \"win32\""),
                req("linuxlib", "*", "sys_platform == 'linux' and platform_machine == 'x86_64'"),
                req("either", "*", "(os_name == 'nt' or implementation_name == 'cpython') and python_full_version >= '3.12.0'"));
        pypi.pkg("old-backport").versions("1.0");
        pypi.pkg("modern").versions("1.0", "1.2");
        pypi.pkg("winlib").versions("1.0");
        pypi.pkg("linuxlib").versions("1.0");
        pypi.pkg("either").versions("1.0");

        assertThat(edges(pypi.resolve("app", "1.0"))).containsExactly("app@1.0 -> modern@1.2",
                "app@1.0 -> linuxlib@1.0", "app@1.0 -> either@1.0");
    }

    @Test
    void followsTheRequirementsOfTheExtrasAsked() {
        pypi.pkg("app").version("1.0", req("Requests", ">=2", null, "SOCKS"), req("client", "*"));
        pypi.pkg("client").version("1.0", req("requests", ">=2.1", null, "http2"));
        pypi.pkg("requests").version("2.3", req("idna", "*"), req("PySocks", "*", "extra == \"socks\""),
                req("h2", "*", "extra == 'http2'"), req("chardet", "*", "extra == 'security'"));
        pypi.pkg("idna").versions("3.7");
        pypi.pkg("pysocks").versions("1.7.1");
        pypi.pkg("h2").versions("4.1.0");
        pypi.pkg("chardet").versions("5.0");

        assertThat(edges(pypi.resolve("app", "1.0"))).containsExactly("app@1.0 -> requests@2.3",
                "app@1.0 -> client@1.0", "requests@2.3 -> idna@3.7", "requests@2.3 -> pysocks@1.7.1",
                "client@1.0 -> requests@2.3", "requests@2.3 -> h2@4.1.0");
    }

    @Test
    void aLaterConstraintThatRulesOutAPickForcesARepick() {
        pypi.pkg("app").version("1.0", req("a", "*"), req("b", "*"));
        pypi.pkg("a").version("1.0", req("x", ">=1.0"));
        pypi.pkg("b").version("1.0", req("c", "*"));
        pypi.pkg("c").version("1.0", req("x", "<2.0,!=1.9"));
        pypi.pkg("x").versions("1.0", "1.8", "1.9", "2.0");

        ResolvedGraph graph = pypi.resolve("app", "1.0");

        assertThat(edges(graph)).contains("a@1.0 -> x@1.8", "c@1.0 -> x@1.8");
        assertThat(problems(graph)).isEmpty();
        assertThat(graph.complete()).isTrue();
    }

    @Test
    void aConflictNoReleaseCanSettleIsAnErrorOfTheNodeThatAsked() {
        pypi.pkg("app").version("1.0", req("a", "*"), req("b", "*"));
        pypi.pkg("a").version("1.0", req("x", ">=2"));
        pypi.pkg("b").version("1.0", req("x", "<2"));
        pypi.pkg("x").versions("1.0", "2.0");

        ResolvedGraph graph = pypi.resolve("app", "1.0");

        assertThat(edges(graph)).contains("a@1.0 -> x@2.0").doesNotContain("b@1.0 -> x@2.0");
        assertThat(problems(graph)).containsExactly("b: x <2: no single release of x satisfies every requirement on"
                + " it; 2.0 was picked for another one");
    }

    @ParameterizedTest(name = "{0} picks {1}")
    @CsvSource(delimiter = '|', textBlock = """
            >=1          | 1.5
            >=2.0rc1     | 2.0rc1
            >1.7         | 2.0rc1
            ==1.6        | 1.6
            ~=1.4        | 1.5
            <1.5         | 1.0
            """)
    void picksTheHighestFittingReleaseSkippingYankedPreReleasesAndOnesForOtherPythons(String spec, String picked) {
        pypi.pkg("app").version("1.0", req("lib", spec));
        pypi.pkg("lib").versions("1.0", "1.4", "1.5", "1.6", "1.7", "2.0rc1").status("1.6", "yanked")
                .requiresPython("1.7", ">=3.13").requiresPython("1.4", ">=3.8,<3.12");

        assertThat(edges(pypi.resolve("app", "1.0"))).containsExactly("app@1.0 -> lib@" + picked);
    }
}
