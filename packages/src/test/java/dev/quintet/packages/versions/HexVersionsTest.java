package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HexVersionsTest {

    private final HexVersions hex = new HexVersions();

    @Test
    void ordersBySemanticVersioning() {
        assertThat(Releases.sorted(List.of("0.1.1", "0.1.0", "0.1.0-rc.2", "0.1.0-rc.10", "0.1.0-rc.0", "0.10.0"), hex))
                .containsExactly("0.1.0-rc.0", "0.1.0-rc.2", "0.1.0-rc.10", "0.1.0", "0.1.1", "0.10.0");
        assertThat(hex.isPrerelease("1.0.0-rc.1")).isTrue();
        assertThat(hex.isValid("1.0")).isFalse();
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            2.1.0        | ~> 2.1                     | true
            2.9.9        | ~> 2.1                     | true
            3.0.0        | ~> 2.1                     | false
            2.0.9        | ~> 2.1                     | false
            2.1.3        | ~> 2.1.3                   | true
            2.1.9        | ~> 2.1.3                   | true
            2.2.0        | ~> 2.1.3                   | false
            0.2.5        | ~> 0.2                     | true
            1.0.0        | ~> 0.2                     | false
            3.0.0-rc.0   | ~> 2.1                     | false
            2.2.0-rc.0   | ~> 2.1                     | false
            1.5.0        | >= 1.0.0 and < 2.0.0       | true
            2.0.0        | >= 1.0.0 and < 2.0.0       | false
            1.0.0        | == 1.0.0                   | true
            1.0.1        | == 1.0.0                   | false
            1.0.0        | 1.0.0                      | true
            1.0.1        | != 1.0.0                   | true
            1.0.0        | > 1.0.0                    | false
            0.9.0        | <= 1.0.0                   | true
            1.5.0        | ~> 1.0 or ~> 2.0           | true
            2.5.0        | ~> 1.0 or ~> 2.0           | true
            3.0.0        | ~> 1.0 or ~> 2.0           | false
            1.5.0        | ~> 1.0 and != 1.5.0 or ~> 3.0 | false
            3.1.0        | ~> 1.0 and != 1.5.0 or ~> 3.0 | true
            1.0.0-rc.1   | ~> 1.0.0-rc.0              | true
            1.0.0        | ~> 1.0.0-rc.0              | true
            1.1.0-rc.0   | ~> 1.0.0-rc.0              | false
            1.0.0-rc.1   | >= 0.9.0                   | false
            """)
    void evaluatesElixirRequirements(String version, String requirement, boolean expected) {
        assertThat(hex.requirement(requirement).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "~> 2", ">= 1.0", "latest", "~> 1.0 and", "=> 1.0.0"})
    void rejectsWhatElixirRejects(String requirement) {
        assertThatThrownBy(() -> hex.requirement(requirement)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Hex requirement");
    }
}
