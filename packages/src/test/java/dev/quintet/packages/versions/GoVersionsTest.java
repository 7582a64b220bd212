package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoVersionsTest {

    private final GoVersions go = new GoVersions();

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            v1.2.3                                 | v1.10.0
            v1.0.0-20191109021931-daa7c04131f5     | v1.0.0
            v1.9.9                                 | v2.0.0+incompatible
            v0.9.0                                 | v1.0.0-rc.1
            """)
    void ordersBySemverWithVPrefix(String lower, String higher) {
        assertThat(go.compare(lower, higher)).isNegative();
    }

    @ParameterizedTest(name = "{0} meets minimum {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            v1.2.0 | v1.2.0 | true
            v1.3.0 | v1.2.0 | true
            v1.1.9 | v1.2.0 | false
            v2.0.0 | v1.2.0 | false
            1.3.0  | v1.2.0 | false
            """)
    void treatsRequirementsAsMinimumVersions(String version, String minimum, boolean expected) {
        assertThat(go.requirement(minimum).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @Test
    void pseudoVersionsAreNotStable() {
        assertThat(Releases.latestStable(List.of("v1.0.0", "v1.1.0-20200101000000-abcdefabcdef", "v0.9.0"), go))
                .hasValue("v1.0.0");
    }
}
