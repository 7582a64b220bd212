package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CargoVersionsTest {

    private final CargoVersions cargo = new CargoVersions();

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.2.3          | 1.2.3            | true
            1.9.0          | 1.2.3            | true
            2.0.0          | 1.2.3            | false
            1.2.3          | ^1.2.3           | true
            1.2.2          | ^1.2.3           | false
            1.5.0          | ^1.2             | true
            1.9.9          | ^1               | true
            2.0.0          | ^1               | false
            0.2.9          | ^0.2.3           | true
            0.3.0          | ^0.2.3           | false
            0.2.0          | ^0.2             | true
            0.0.3          | ^0.0.3           | true
            0.0.4          | ^0.0.3           | false
            0.0.9          | ^0.0             | true
            0.1.0          | ^0.0             | false
            0.9.0          | ^0               | true
            1.0.0          | ^0               | false
            1.2.9          | ~1.2.3           | true
            1.3.0          | ~1.2.3           | false
            1.2.0          | ~1.2             | true
            1.3.0          | ~1.2             | false
            1.9.0          | ~1               | true
            2.0.0          | ~1               | false
            9.9.9          | *                | true
            1.7.0          | 1.*              | true
            2.0.0          | 1.*              | false
            1.2.7          | 1.2.*            | true
            1.3.0          | 1.2.*            | false
            1.2.3          | =1.2.3           | true
            1.2.4          | =1.2.3           | false
            1.2.8          | =1.2             | true
            1.2.4          | >1.2.3           | true
            1.2.3          | >1.2.3           | false
            1.2.9          | >1.2             | false
            1.3.0          | >1.2             | true
            1.0.0          | >=1              | true
            1.1.9          | <1.2             | true
            1.2.0          | <1.2             | false
            1.2.9          | <=1.2            | true
            1.3.0          | <=1.2            | false
            1.5.0          | >= 1.2, < 1.5    | false
            1.4.9          | >= 1.2, < 1.5    | true
            1.5.0-beta.1   | >=1.0.0          | false
            1.2.3-alpha.2  | ^1.2.3-alpha.1   | true
            1.2.4-alpha.1  | ^1.2.3-alpha.1   | false
            1.2.4          | ^1.2.3-alpha.1   | true
            1.2.3+build.9  | =1.2.3           | true
            """)
    void evaluatesRequirementsAsTheCargoBookTabulates(String version, String spec, boolean expected) {
        assertThat(cargo.requirement(spec).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0.0-alpha   | 1.0.0-alpha.1
            1.0.0-beta.2  | 1.0.0-beta.11
            1.0.0-rc.1    | 1.0.0
            0.9.0         | 0.10.0
            9.0.0         | 10.0.0
            """)
    void ordersBySemver(String lower, String higher) {
        assertThat(cargo.compare(lower, higher)).isNegative();
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "^1.2.3.4", ">>1", "1.*.3"})
    void rejectsMalformedRequirements(String spec) {
        assertThatThrownBy(() -> cargo.requirement(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cargo");
    }
}
