package dev.quintet.packages.registry.pypi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.UpstreamDependency;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequiresDistTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            requests                                      | requests     | *                | runtime     | false
            requests>=2.0                                 | requests     | >=2.0            | runtime     | false
            PyYAML (>=3.0.0)                              | PyYAML       | >=3.0.0          | runtime     | false
            requests[socks] (>=2.0,<3) ; extra == "socks" | requests     | >=2.0,<3         | optional    | true
            pytest ; extra == 'test'                      | pytest       | *                | test        | true
            sphinx ; extra == 'docs'                      | sphinx       | *                | development | true
            importlib-metadata>=3.6.0; python_version < "3.10" | importlib-metadata | >=3.6.0 | runtime | false
            pkg @ https://example.com/pkg.whl             | pkg          | https://example.com/pkg.whl | runtime | false
            """)
    void readsPep508Lines(String line, String name, String spec, String kind, boolean optional) {
        assertThat(RequiresDist.parse(List.of(line))).extracting(UpstreamDependency::name, UpstreamDependency::requirements,
                UpstreamDependency::kind, UpstreamDependency::optional).containsExactly(tuple(name, spec, kind, optional));
    }

    @Test
    void keepsTheMarkerAndTheExtrasAsked() {
        assertThat(RequiresDist.parse(List.of("requests[socks, http2] (>=2.0,<3) ; extra == \"socks\" and python_version < \"3.10\"",
                "idna>=2.5")).stream().map(UpstreamDependency::details)).containsExactly(
                DependencyDetails.python("extra == \"socks\" and python_version < \"3.10\"", List.of("socks", "http2")),
                DependencyDetails.NONE);
    }
}
