package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PubVersionsTest {

    private final PubVersions pub = new PubVersions();

    @Test
    void ordersBySemanticVersioning() {
        assertThat(Releases.sorted(List.of("8.0.3", "8.0.0-dev.1", "0.1.0", "8.0.0", "10.0.0"), pub))
                .containsExactly("0.1.0", "8.0.0-dev.1", "8.0.0", "8.0.3", "10.0.0");
        assertThat(Releases.latestStable(List.of("8.0.3", "9.0.0-dev.2"), pub)).hasValue("8.0.3");
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.3.0         | ^1.3.0                | true
            1.9.9         | ^1.3.0                | true
            2.0.0         | ^1.3.0                | false
            2.0.0-dev.1   | ^1.3.0                | false
            1.2.9         | ^1.3.0                | false
            0.2.9         | ^0.2.3                | true
            0.3.0         | ^0.2.3                | false
            0.0.9         | ^0.0.3                | true
            0.1.0         | ^0.0.3                | false
            0.5.0         | '>=0.18.1 <1.0.0'     | false
            0.20.0        | '>=0.18.1 <1.0.0'     | true
            1.0.0         | '>=0.18.1 <1.0.0'     | false
            1.0.0-dev     | '>=0.18.1 <1.0.0'     | false
            2.0.0-dev.2   | '>=2.0.0-dev.1 <2.0.0' | true
            1.2.3         | 1.2.3                 | true
            1.2.4         | 1.2.3                 | false
            7.0.0         | any                   | true
            1.0.1         | '>1.0.0'              | true
            1.0.0         | '<=1.0.0'             | true
            1.5.0         | '>= 1.0.0 < 2.0.0'    | true
            """)
    void evaluatesPubConstraints(String version, String constraint, boolean expected) {
        assertThat(pub.requirement(constraint).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"^1.0", "~1.2.3", ">=1.0.0 || <0.5.0", "latest", "1.x"})
    void rejectsWhatPubRejects(String constraint) {
        assertThatThrownBy(() -> pub.requirement(constraint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Pub requirement");
    }
}
