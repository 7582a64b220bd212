package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TagVersionsTest {

    private final TagVersions tags = new TagVersions();

    @Test
    void ordersTagsNumericallyWithPreReleasesBelowTheirRelease() {
        assertThat(Releases.sorted(List.of("v1.10.0", "v1.9.0", "1.2", "v1.10.0-rc.1", "v2", "v1.2.0.1", "nightly"), tags))
                .containsExactly("nightly", "1.2", "v1.2.0.1", "v1.9.0", "v1.10.0-rc.1", "v1.10.0", "v2");
        assertThat(Releases.latestStable(List.of("v1.10.0", "v2.0.0-beta.1"), tags)).hasValue("v1.10.0");
        assertThat(tags.isEquivalent("v1.2", "1.2.0")).isTrue();
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            v0.2.5   | v0.2.5            | true
            0.2.5    | v0.2.5            | true
            v0.2.6   | v0.2.5            | false
            v1.4.0   | >= 1.2, < 2       | true
            v2.0.0   | >= 1.2 < 2        | false
            v1.3.0   | != 1.3.0          | false
            v1.3.0   | > 1.2.9           | true
            """)
    void evaluatesExactVersionsAndComparators(String version, String requirement, boolean expected) {
        assertThat(tags.requirement(requirement).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"^1.0", "~> 1.0", ">= main"})
    void rejectsWhatIsNotAVersionOrComparator(String requirement) {
        assertThatThrownBy(() -> tags.requirement(requirement)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tag requirement");
    }
}
