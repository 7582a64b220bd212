package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JuliaVersionsTest {

    private final JuliaVersions julia = new JuliaVersions();

    @Test
    void ordersBySemanticVersion() {
        assertThat(Releases.sorted(List.of("0.10.0", "0.9.1", "1.0.0-rc1", "1.0.0"), julia))
                .containsExactly("0.9.1", "0.10.0", "1.0.0-rc1", "1.0.0");
        assertThat(Releases.latestStable(List.of("1.0.0", "1.1.0-DEV"), julia)).hasValue("1.0.0");
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.3.0   | 1.3.0-1        | true
            1.99.0  | 1.3.0-1        | true
            2.0.0   | 1.3.0-1        | false
            1.2.9   | 1.3.0-1        | false
            0.33.5  | 0.33           | true
            0.34.0  | 0.33           | false
            0.34.0  | '0.33, 0.34'   | true
            0.14.9  | 0.10-0.14      | true
            0.15.0  | 0.10 - 0.14    | false
            5.0.0   | *              | true
            1.9.0   | ^1.2           | true
            2.0.0   | ^1.2           | false
            0.3.0   | ^0.2.3         | false
            0.0.4   | ^0.0.3         | false
            1.2.9   | ~1.2.3         | true
            1.3.0   | ~1.2.3         | false
            0.0.4   | ~0.0.3         | false
            1.9.0   | ~1             | true
            1.2.3   | =1.2.3         | true
            1.2.4   | =1.2.3         | false
            3.0.0   | >= 1.2         | true
            1.0.0   | < 1.2          | true
            2.0.0-rc1 | 1            | false
            """)
    void evaluatesPkgVersionSpecsAndCompatSpecifiers(String version, String requirement, boolean expected) {
        assertThat(julia.requirement(requirement).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1.x", "^", "latest"})
    void rejectsWhatIsNotAVersionSpec(String requirement) {
        assertThatThrownBy(() -> julia.requirement(requirement)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Julia requirement");
    }
}
