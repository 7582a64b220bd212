package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NuGetVersionsTest {

    private final NuGetVersions nuget = new NuGetVersions();

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0.0-alpha     | 1.0.0
            1.0.0-alpha     | 1.0.0-alpha.1
            1.0.0-alpha.1   | 1.0.0-alpha.beta
            1.0.0-alpha.2   | 1.0.0-alpha.10
            1.0.0-beta      | 1.0.0-RC.1
            1.0.0-rc.1      | 1.0.0
            1.0.0           | 1.0.0.1
            1.0.0.9         | 1.0.1
            1.9.0           | 1.10.0
            2.0             | 10.0
            1.0.0-beta.11   | 1.0.0-rc
            12.0.3          | 13.0.1
            """)
    void ordersLikeNuGet(String lower, String higher) {
        assertThat(nuget.compare(lower, higher)).isNegative();
        assertThat(nuget.compare(higher, lower)).isPositive();
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0         | 1.0.0
            1.0.0       | 1.0.0.0
            1.0.0-BETA  | 1.0.0-beta
            1.0.0+build | 1.0.0
            01.2.3      | 1.2.3
            """)
    void treatsSpellingsOfOneVersionAsEquivalent(String a, String b) {
        assertThat(nuget.isEquivalent(a, b)).isTrue();
    }

    @Test
    void readsPrereleasesAndRejectsNonVersions() {
        assertThat(nuget.isPrerelease("13.0.1-beta1")).isTrue();
        assertThat(nuget.isPrerelease("13.0.1")).isFalse();
        assertThat(nuget.isValid("1.2.3.4")).isTrue();
        assertThat(nuget.isValid("1.2.3.4.5")).isFalse();
        assertThat(nuget.isValid("latest")).isFalse();
        assertThat(Releases.latest(List.of("9.0.1", "13.0.3", "13.0.3-beta1", "10.0.1"), nuget)).hasValue("13.0.3");
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0         | 1.0           | true
            2.5         | 1.0           | true
            0.9         | 1.0           | false
            1.0.0-beta  | 1.0           | false
            1.0         | [1.0]         | true
            1.0.1       | [1.0]         | false
            1.0         | (1.0,)        | false
            1.0.1       | (1.0,)        | true
            1.0         | [1.0,)        | true
            13.0.3      | '[13.0.1, )'  | true
            13.0.0      | '[13.0.1, )'  | false
            1.0         | (,1.0]        | true
            1.0.1       | (,1.0]        | false
            1.0         | (,1.0)        | false
            0.9         | (,1.0)        | true
            1.0         | [1.0,2.0]     | true
            2.0         | [1.0,2.0]     | true
            2.0         | [1.0,2.0)     | false
            1.9.9       | [1.0,2.0)     | true
            1.0         | (1.0,2.0)     | false
            1.5         | (1.0,2.0)     | true
            2.0.0-rc.1  | [1.0,2.0)     | true
            1.5         | '[ 1.0 , 2.0 )' | true
            1.4         | 1.*           | true
            2.0         | 1.*           | false
            1.4.0-beta  | 1.*           | false
            1.2.7       | 1.2.*         | true
            1.3.0       | 1.2.*         | false
            5.0         | *             | true
            1.0.0-beta  | 1.0.0-*       | true
            1.0.0       | 1.0.0-*       | true
            1.0.1       | 1.0.0-*       | false
            """)
    void evaluatesIntervalNotationAndFloatingRanges(String version, String range, boolean expected) {
        assertThat(nuget.requirement(range).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @Test
    void neverSatisfiesNumbersItCannotRead() {
        assertThat(nuget.requirement("[1.0,)").isSatisfiedBy("banana")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"(1.0)", "[1.0", "[2.0,1.0]", "(1.0,1.0)", "[,]", "[a,b]", "banana", "1.0,2.0"})
    void rejectsMalformedRangesNamingTheRule(String range) {
        assertThatThrownBy(() -> nuget.requirement(range)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NuGet requirement");
    }
}
