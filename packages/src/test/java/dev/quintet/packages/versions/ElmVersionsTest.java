package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ElmVersionsTest {

    private final ElmVersions elm = new ElmVersions();

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0.0   | 1.0.0 <= v < 2.0.0 | true
            1.9.9   | 1.0.0 <= v < 2.0.0 | true
            2.0.0   | 1.0.0 <= v < 2.0.0 | false
            0.9.9   | 1.0.0 <= v < 2.0.0 | false
            1.1.3   | 1.1.0 <= v <= 1.1.3 | true
            1.1.0   | 1.1.0 < v <= 1.1.3 | false
            1.10.0  | 1.9.0 <= v < 2.0.0 | true
            2.0.0-rc | 1.0.0 <= v < 3.0.0 | false
            """)
    void evaluatesElmConstraints(String version, String constraint, boolean expected) {
        assertThat(elm.requirement(constraint).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"^1.0.0", "1.0.0", "1.0 <= v < 2.0", ">= 1.0.0"})
    void rejectsOtherSyntaxes(String constraint) {
        assertThatThrownBy(() -> elm.requirement(constraint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Elm requirement");
    }
}
