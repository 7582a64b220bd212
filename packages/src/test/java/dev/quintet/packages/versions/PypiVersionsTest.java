package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PypiVersionsTest {

    private final PypiVersions pypi = new PypiVersions();

    @Test
    void ordersThePepSummaryOfPermittedSuffixes() {
        List<String> expected = List.of("1.dev0", "1.0.dev456", "1.0a1", "1.0a2.dev456", "1.0a12.dev456", "1.0a12",
                "1.0b1.dev456", "1.0b2", "1.0b2.post345.dev456", "1.0b2.post345", "1.0rc1.dev456", "1.0rc1", "1.0",
                "1.0+abc.5", "1.0+abc.7", "1.0+5", "1.0.post456.dev34", "1.0.post456", "1.0.15", "1.1.dev1");
        for (long seed = 1; seed <= 5; seed++) {
            List<String> shuffled = new ArrayList<>(expected);
            Collections.shuffle(shuffled, new Random(seed));
            assertThat(Releases.sorted(shuffled, pypi)).containsExactlyElementsOf(expected);
        }
    }

    @ParameterizedTest(name = "{0} == {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0-ALPHA.1   | 1.0a1
            1.0alpha1     | 1.0a1
            1.0.beta.2    | 1.0b2
            1.0c1         | 1.0rc1
            1.0pre1       | 1.0rc1
            1.0preview1   | 1.0rc1
            1.0a          | 1.0a0
            1.0-1         | 1.0.post1
            1.0.r         | 1.0.post0
            1.0rev4       | 1.0.post4
            1.0_dev3      | 1.0.dev3
            1.0-dev       | 1.0.dev0
            v1.0          | 1.0
            1.0.0         | 1.0
            0!1.0         | 1.0
            1.0+ubuntu-1  | 1.0+ubuntu.1
            01.02         | 1.2
            """)
    void normalisesEquivalentSpellings(String a, String b) {
        assertThat(pypi.compare(a, b) == 0 || Pep440Version.parse(a).orElseThrow().compareTo(Pep440Version.parse(b).orElseThrow()) == 0)
                .isTrue();
    }

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            2.0        | 1!1.0
            1.0        | 1.0.post1
            1.0.post1  | 1.0.1
            1.0a1      | 1.0b1
            1.0b1      | 1.0rc1
            1.0.dev1   | 1.0a1
            1.9        | 1.10
            1.0+abc    | 1.0+1
            1.0        | 1.0+local
            1.0.post1.dev1 | 1.0.post1
            """)
    void ordersByPep440(String lower, String higher) {
        assertThat(pypi.compare(lower, higher)).isNegative();
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            2.2           | ~=2.2            | true
            2.3           | ~=2.2            | true
            3.0           | ~=2.2            | false
            2.1           | ~=2.2            | false
            1.4.5         | ~=1.4.5          | true
            1.4.9         | ~=1.4.5          | true
            1.5.0         | ~=1.4.5          | false
            2.9           | ~=2.2.post3      | true
            2.2           | ~=2.2.post3      | false
            1.4.5a4       | ~=1.4.5a4        | true
            1.4.6         | ~=1.4.5a4        | true
            1.5           | ~=1.4.5a4        | false
            2.2.1         | ~=2.2.0          | true
            2.3           | ~=2.2.0          | false
            1.1.post1     | ==1.1            | false
            1.1.0         | ==1.1            | true
            1.1+local.7   | ==1.1            | true
            1.1.post1     | ==1.1.post1      | true
            1.1.post1     | ==1.1.*          | true
            1.1.9         | ==1.1.*          | true
            1.2           | ==1.1.*          | false
            1.2           | !=1.1.*          | true
            1.1.5         | !=1.1.*          | false
            1.0+local.1   | ==1.0+local.1    | true
            1.0           | ==1.0+local.1    | false
            1.7.0.post1   | >1.7             | false
            1.7.1         | >1.7             | true
            1.7+local     | >1.7             | false
            1.7.0.post3   | >1.7.post2       | true
            1.7.post2     | >1.7.post2       | false
            3.0           | <3.1             | true
            3.1           | <3.1             | false
            2.0+local     | <=2.0            | true
            1.5           | >=1.0,<2.0       | true
            2.0           | >=1.0,<2.0       | false
            2.0a1         | >=1.0,<2.0       | false
            1.0a2         | >=1.0a1          | true
            1.0b1         | >=1.0a1,<2       | true
            foobar        | ===foobar        | true
            1.0           | ===1.0.0         | false
            5.0           | ''               | true
            5.0           | (>=4.0)          | true
            1.5           | !=1.5            | false
            1.6           | != 1.5, >= 1.0   | true
            """)
    void evaluatesSpecifiersAsThePepDefines(String version, String spec, boolean expected) {
        assertThat(pypi.requirement(spec).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"~=1", ">=1.*", "==1.0+local.*", "foo", ">=", ">=1.0+local", "=> 1.0"})
    void rejectsInvalidSpecifiersNamingTheRule(String spec) {
        assertThatThrownBy(() -> pypi.requirement(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PEP 440");
    }

    @Test
    void latestStableSkipsPreAndDevReleases() {
        List<String> versions = List.of("1.9", "1.10", "2.0rc1", "2.0.dev3", "1.10.post1");
        assertThat(Releases.latestStable(versions, pypi)).hasValue("1.10.post1");
        assertThat(Releases.latest(versions, pypi)).hasValue("2.0rc1");
        assertThat(pypi.isValid("not a version")).isFalse();
    }
}
