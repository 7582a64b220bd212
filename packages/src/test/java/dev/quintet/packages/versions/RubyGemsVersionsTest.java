package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RubyGemsVersionsTest {

    private final RubyGemsVersions gems = new RubyGemsVersions();

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0.a       | 1.0
            1.0.0.pre   | 1.0.0
            1.0.a2      | 1.0.b1
            1.0.b1      | 1.0.rc1
            1.0.rc1     | 1.0
            1.9         | 1.10
            1.0         | 1.0.1
            0.9.9       | 1.0.a
            2.0.0-rc1   | 2.0.0
            1.2.a       | 1.2.b
            """)
    void ordersLikeGemVersion(String lower, String higher) {
        assertThat(gems.compare(lower, higher)).isNegative();
        assertThat(gems.compare(higher, lower)).isPositive();
    }

    @Test
    void treatsTrailingZerosAsEqual() {
        assertThat(gems.requirement("= 1.0").isSatisfiedBy("1.0.0")).isTrue();
        assertThat(gems.requirement("= 1").isSatisfiedBy("1.0.0.0")).isTrue();
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            2.2        | ~> 2.2          | true
            2.9.9      | ~> 2.2          | true
            3.0        | ~> 2.2          | false
            2.1        | ~> 2.2          | false
            2.2.5      | ~> 2.2.0        | true
            2.3.0      | ~> 2.2.0        | false
            2.5        | ~> 2            | true
            3.0        | ~> 2            | false
            3.0.0.rc1  | ~> 2.2          | false
            1.5        | >= 1.0, < 2     | true
            2.0        | >= 1.0, < 2     | false
            1.0        | > 1.0           | false
            1.0.1      | > 1.0           | true
            0.9        | < 1.0           | true
            1.0        | <= 1.0          | true
            1.1        | != 1.0          | true
            1.0        | != 1.0          | false
            1.0        | 1.0             | true
            4.0        | >= 0            | true
            1.8.0      | ~> 1.8, >= 1.8.0 | true
            """)
    void evaluatesRequirementsWithPessimisticOperator(String version, String spec, boolean expected) {
        assertThat(gems.requirement(spec).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @Test
    void lettersMakePrereleases() {
        assertThat(gems.isPrerelease("1.0.0.beta2")).isTrue();
        assertThat(gems.isPrerelease("2.0.0-rc1")).isTrue();
        assertThat(gems.isPrerelease("1.16.0")).isFalse();
        assertThat(Releases.latestStable(List.of("1.16.0", "1.9.0", "1.17.0.rc1"), gems)).hasValue("1.16.0");
    }

    @Test
    void rejectsClausesThatAreNotVersions() {
        assertThatThrownBy(() -> gems.requirement("~> banana!")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RubyGems");
    }
}
