package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DebianVersionsTest {

    private final DebianVersions debian = new DebianVersions();

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0          | 1.1
            1.0~rc1      | 1.0
            1.0~~        | 1.0~
            1.0~         | 1.0
            1.0~beta1    | 1.0~beta2
            1.0~beta2    | 1.0~rc1
            1.0          | 1.0a
            1.0a         | 1.0+
            1.0          | 1.0+b1
            1.0          | 1.0.1
            9.9          | 1:0.1
            1.0-1        | 1.0-2
            1.0-9        | 1.0-10
            2.4-1        | 2.30-1
            1.0-1        | 1.0.1-1
            1.0-1~bpo1   | 1.0-1
            0:1.2        | 1:1.1
            2.7.4-0ubuntu1 | 2.7.4-0ubuntu2
            """)
    void ordersLikeDpkg(String lower, String higher) {
        assertThat(debian.compare(lower, higher)).isNegative();
        assertThat(debian.compare(higher, lower)).isPositive();
    }

    @ParameterizedTest(name = "{0} == {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.2.3     | 1.2.3-0
            0:1.2     | 1.2
            1.02      | 1.2
            """)
    void treatsEquivalentVersionsAsEqual(String a, String b) {
        assertThat(debian.compare(a, b) == 0 || debian.requirement("= " + a).isSatisfiedBy(b)).isTrue();
        assertThat(debian.requirement("= " + b).isSatisfiedBy(a)).isTrue();
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0~rc1  | >= 1.0     | false
            1.0      | >= 1.0     | true
            2.0~beta | << 2.0     | true
            2.0      | << 2.0     | false
            1.0-1    | = 1.0-1    | true
            1.0      | >> 1.0     | false
            1.0.1    | (>> 1.0)   | true
            1.0      | <= 1.0     | true
            1.5      | >= 1.0, << 2.0 | true
            """)
    void evaluatesRelations(String version, String relation, boolean expected) {
        assertThat(debian.requirement(relation).isSatisfiedBy(version)).isEqualTo(expected);
    }
}
