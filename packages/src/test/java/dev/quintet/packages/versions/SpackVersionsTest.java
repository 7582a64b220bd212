package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpackVersionsTest {

    private final SpackVersions spack = new SpackVersions();

    @Test
    void ordersNumbersAboveWordsAndBranchesAboveEverything() {
        assertThat(Releases.sorted(List.of("develop", "1.2", "1.2.1", "1.10", "1.2a", "1.2rc1", "master", "1.2-beta2", "2.0.0"), spack))
                .containsExactly("1.2-beta2", "1.2rc1", "1.2", "1.2a", "1.2.1", "1.10", "2.0.0", "master", "develop");
    }

    @Test
    void branchesAndPreReleasesAreNeverLatestStable() {
        assertThat(Releases.latest(List.of("develop", "1.5.10", "1.6.0-rc1"), spack)).hasValue("develop");
        assertThat(Releases.latestStable(List.of("develop", "1.5.10", "1.6.0-rc1"), spack)).hasValue("1.5.10");
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.2.7   | 1.2         | true
            1.20    | 1.2         | false
            1.2     | =1.2        | true
            1.2.1   | =1.2        | false
            1.4.9   | 1.2:1.4     | true
            1.5     | 1.2:1.4     | false
            1.1     | 1.2:        | false
            0.9     | :1.0        | true
            3.0     | '1.2,3:'    | true
            2.0     | @1.2:1.4    | false
            """)
    void evaluatesSpackRanges(String version, String requirement, boolean expected) {
        assertThat(spack.requirement(requirement).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @Test
    void rejectsWhatIsNotARange() {
        assertThatThrownBy(() -> spack.requirement(">=1.2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Spack requirement");
    }
}
