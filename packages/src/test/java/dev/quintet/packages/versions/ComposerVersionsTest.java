package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ComposerVersionsTest {

    private final ComposerVersions composer = new ComposerVersions();

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0.0-dev       | 1.0.0-alpha1
            1.0.0-alpha1    | 1.0.0-alpha2
            1.0.0-alpha2    | 1.0.0-beta1
            1.0.0-beta1     | 1.0.0-beta2
            1.0.0-beta2     | 1.0.0-beta10
            1.0.0-beta10    | 1.0.0-RC1
            1.0.0-RC1       | 1.0.0
            1.0.0           | 1.0.0-patch1
            1.0.0-pl1       | 1.0.0.1
            1.0.0-a1        | 1.0.0-b1
            v1.9.0          | v1.10.0
            1.9             | 1.10
            2.9.9           | 10.0.0
            1.0.0           | 1.0.0.1
            1.0.0-beta      | 1.0.0-beta.1
            """)
    void ordersLikeComposer(String lower, String higher) {
        assertThat(composer.compare(lower, higher)).isNegative();
        assertThat(composer.compare(higher, lower)).isPositive();
    }

    @Test
    void readsStabilitiesAndLeadingV() {
        assertThat(composer.isEquivalent("v1.2", "1.2.0.0")).isTrue();
        assertThat(composer.isEquivalent("1.0.0-RC1", "1.0.0.0-rc1")).isTrue();
        assertThat(composer.isPrerelease("3.0.0-RC2")).isTrue();
        assertThat(composer.isPrerelease("3.0.0-beta")).isTrue();
        assertThat(composer.isPrerelease("3.0.0-dev")).isTrue();
        assertThat(composer.isPrerelease("3.0.0-patch1")).isFalse();
        assertThat(composer.isPrerelease("v3.0.0")).isFalse();
        assertThat(composer.isValid("dev-main")).isFalse();
        assertThat(composer.isValid("2.x-dev")).isFalse();
        assertThat(Releases.latestStable(List.of("1.1.4", "3.0.0", "2.0.0", "3.0.1-RC1", "dev-master"), composer))
                .hasValue("3.0.0");
    }

    @ParameterizedTest(name = "{0} satisfies ''{1}'': {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.2.0          | ^1.2          | true
            1.9.9          | ^1.2          | true
            2.0.0          | ^1.2          | false
            2.0.0-beta1    | ^1.2          | false
            1.1.9          | ^1.2          | false
            1.2.3          | ^1.2.3        | true
            1.2.2          | ^1.2.3        | false
            0.3.9          | ^0.3          | true
            0.4.0          | ^0.3          | false
            0.0.3          | ^0.0.3        | true
            0.0.4          | ^0.0.3        | false
            0.9.0          | ^0            | true
            1.0.0          | ^0            | false
            0.0.9          | ^0.0          | true
            0.1.0          | ^0.0          | false
            1.9.0          | ~1.2          | true
            2.0.0          | ~1.2          | false
            1.2.9          | ~1.2.3        | true
            1.3.0          | ~1.2.3        | false
            1.9            | ~1            | true
            2.0            | ~1            | false
            1.2.5          | 1.2.*         | true
            1.3.0          | 1.2.*         | false
            1.3.0          | 1.*           | true
            2.0.0          | 1.x           | false
            7.3.0          | '*'           | true
            1.5.0          | 1.0 - 2.0     | true
            2.0.9          | 1.0 - 2.0     | true
            2.1.0          | 1.0 - 2.0     | false
            2.1.0          | 1.0.0 - 2.1.0 | true
            2.1.1          | 1.0.0 - 2.1.0 | false
            1.5.0          | '>=1.0 <2.0'  | true
            2.0.0          | '>=1.0 <2.0'  | false
            2.0.0-RC1      | '>=1.0 <2.0'  | false
            1.0.0-beta     | '>=1.0'       | true
            1.5.0          | '>=1.0,<2.0'  | true
            1.5.0          | '>= 1.0, < 2.0' | true
            1.0.0          | '>1.0'        | false
            1.0.1          | '>1.0'        | true
            1.0.0          | '<=1.0'       | true
            1.0.1          | '!=1.0.1'     | false
            1.0.2          | '<>1.0.1'     | true
            1.0.0          | 1.0           | true
            1.0.0          | '==1.0.0'     | true
            1.0.1          | '=1.0.0'      | false
            2.5.0          | '^1.0 || ^2.0' | true
            3.0.0          | '^1.0 || ^2.0' | false
            2.5.0          | '^1.0 | ^2.0' | true
            1.2.0          | '^1.2@dev'    | true
            1.2.0-beta1    | '1.2.0-beta1' | true
            3.0.0          | 'v3.0.0'      | true
            """)
    void evaluatesComposerConstraints(String version, String constraint, boolean expected) {
        assertThat(composer.requirement(constraint).isSatisfiedBy(version)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-main", "dev-master as 1.0.x-dev", "^1.0 || dev-feature", "banana", ">=", "^1.0 ||"})
    void cannotEvaluateBranchesAndGarbage(String constraint) {
        assertThatThrownBy(() -> composer.requirement(constraint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Composer requirement");
    }
}
