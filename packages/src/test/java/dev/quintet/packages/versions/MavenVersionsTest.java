package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MavenVersionsTest {

    private final MavenVersions maven = new MavenVersions();

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1              | 1.1
            1.9            | 1.10
            1.0-alpha      | 1.0-beta
            1.0-beta       | 1.0-milestone
            1.0-milestone  | 1.0-rc
            1.0-rc         | 1.0-SNAPSHOT
            1.0-SNAPSHOT   | 1.0
            1.0            | 1.0-sp
            1.0-alpha1     | 1.0-alpha2
            1.0-alpha2     | 1.0-alpha10
            1.0            | 1.0-1
            1.0-beta-2     | 1.0-beta-10
            2.0.0-M1       | 2.0.0-M2
            2.0.0-M2       | 2.0.0-RC1
            2.0.0-RC1      | 2.0.0
            1.0-beta-1     | 1.0
            9.0            | 10.0
            1.0.0          | 1.0.1
            """)
    void ordersByComparableVersion(String lower, String higher) {
        assertThat(maven.compare(lower, higher)).isNegative();
        assertThat(maven.compare(higher, lower)).isPositive();
    }

    @ParameterizedTest(name = "{0} equals {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0     | 1
            1.0.0   | 1
            1-ga    | 1
            1-final | 1
            1.0-cr1 | 1.0-rc1
            1.0-a1  | 1.0-alpha1
            """)
    void treatsEquivalentSpellingsAsEqualVersions(String a, String b) {
        assertThat(maven.requirement(a).isSatisfiedBy(b)).isTrue();
    }

    @ParameterizedTest(name = "{0} in ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.5   | [1.0,2.0)           | true
            1.0   | [1.0,2.0)           | true
            2.0   | [1.0,2.0)           | false
            0.9   | [1.0,2.0)           | false
            1.0   | (,1.0]              | true
            1.1   | (,1.0]              | false
            1.5   | [1.5,)              | true
            1.4.9 | [1.5,)              | false
            1.0   | [1.0]               | true
            1.0.1 | [1.0]               | false
            1.1   | (,1.0],[1.2,)       | false
            1.2   | (,1.0],[1.2,)       | true
            1.0   | (1.0,2.0)           | false
            1.0   | 1.0                 | true
            1.1   | 1.0                 | false
            """)
    void evaluatesRangesAndSoftRequirements(String version, String spec, boolean expected) {
        assertThat(maven.requirement(spec).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.0-SNAPSHOT", "2.0.0-M1", "1.0-rc1", "3.0.0-beta-2", "1.0.RC2", "5.0.0-alpha1", "1.0a1",
            "21-ea", "6.0.0-preview.1"})
    void detectsPrereleaseQualifiers(String version) {
        assertThat(maven.isPrerelease(version)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.0", "32.1.2-jre", "5.4.Final", "2.3.0.RELEASE", "1.0-1", "2.12.7.1"})
    void keepsReleasesStable(String version) {
        assertThat(maven.isPrerelease(version)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "${project.version}", "[1.0,2.0"})
    void rejectsUnreadableRequirements(String spec) {
        assertThatThrownBy(() -> maven.requirement(spec)).isInstanceOf(IllegalArgumentException.class);
    }

    @org.junit.jupiter.api.Test
    void latestStableSkipsMilestonesAndSnapshots() {
        List<String> versions = List.of("1.9", "1.10", "2.0.0-M1", "2.0.0-SNAPSHOT", "1.0-beta-1");
        assertThat(Releases.latestStable(versions, maven)).hasValue("1.10");
        assertThat(Releases.latest(versions, maven)).hasValue("2.0.0-SNAPSHOT");
    }
}
