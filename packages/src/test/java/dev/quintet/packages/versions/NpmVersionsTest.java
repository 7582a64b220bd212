package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NpmVersionsTest {

    private final NpmVersions npm = new NpmVersions();

    @Test
    void ordersBySemverPrecedenceAsTheSpecificationLists() {
        List<String> expected = List.of("0.0.9", "0.1.0", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta",
                "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.9.0", "1.10.0", "1.11.0",
                "2.0.0", "9.0.0", "10.0.0");
        List<String> shuffled = new ArrayList<>(expected);
        Collections.shuffle(shuffled, new java.util.Random(7));
        assertThat(Releases.sorted(shuffled, npm)).containsExactlyElementsOf(expected);
    }

    @Test
    void latestIsNotChosenByTextOrder() {
        List<String> versions = List.of("9.0.0", "10.0.0", "2.0.0", "11.0.0-rc.1");
        assertThat(Releases.latest(versions, npm)).hasValue("11.0.0-rc.1");
        assertThat(Releases.latestStable(versions, npm)).hasValue("10.0.0");
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.2.3          | ^1.2.3               | true
            1.9.9          | ^1.2.3               | true
            2.0.0          | ^1.2.3               | false
            1.2.2          | ^1.2.3               | false
            0.2.5          | ^0.2.3               | true
            0.3.0          | ^0.2.3               | false
            0.0.3          | ^0.0.3               | true
            0.0.4          | ^0.0.3               | false
            1.2.9          | ~1.2.3               | true
            1.3.0          | ~1.2.3               | false
            1.2.0          | ~1.2                 | true
            1.3.0          | ~1.2                 | false
            1.9.0          | ~1                   | true
            2.0.0          | ~1                   | false
            1.5.0          | 1.x                  | true
            2.0.0          | 1.x                  | false
            1.2.7          | 1.2.*                | true
            2.0.0          | 1.2.3 - 2.3          | true
            2.3.9          | 1.2.3 - 2.3          | true
            2.4.0          | 1.2.3 - 2.3          | false
            1.0.0          | *                    | true
            1.0.0          | ''                   | true
            3.1.0          | ^1.0.0 OR ^3.0.0     | true
            2.1.0          | ^1.0.0 OR ^3.0.0     | false
            1.2.3          | >=1.2.3 <1.3.0       | true
            1.3.0          | >=1.2.3 <1.3.0       | false
            1.2.3          | =1.2.3               | true
            1.2.4          | 1.2.3                | false
            1.2.3-alpha.7  | >1.2.3-alpha.3       | true
            3.4.5-alpha.9  | >1.2.3-alpha.3       | false
            1.2.4-beta     | ^1.2.3               | false
            2.0.0-rc.1     | >=1.0.0              | false
            1.0.0          | <1.0.0-rc.1          | false
            """)
    void evaluatesNodeSemverRanges(String version, String range, boolean expected) {
        assertThat(npm.requirement(range.replace(" OR ", " || ")).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"git+https://github.com/a/b.git", "file:../local", "npm:other@^1.0.0", "user/repo",
            "https://example.com/x.tgz"})
    void rejectsRequirementsThatAreNotRanges(String text) {
        assertThatThrownBy(() -> npm.requirement(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(text);
    }

    @Test
    void detectsPrereleases() {
        assertThat(npm.isPrerelease("1.0.0-beta.1")).isTrue();
        assertThat(npm.isPrerelease("1.0.0")).isFalse();
        assertThat(npm.isPrerelease("1.0.0+build.5")).isFalse();
    }
}
