package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Ordering, pre-releases and requirements of the CPAN, conda, CRAN and Hackage schemes, as tables. */
class NewSchemeVersionsTest {

    private final PerlVersions perl = new PerlVersions();
    private final CondaVersions conda = new CondaVersions();
    private final RVersions r = new RVersions();
    private final PvpVersions pvp = new PvpVersions();

    @ParameterizedTest(name = "perl {0} {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.23      | <  | 1.3
            1.2       | == | 1.200
            1.2345    | == | v1.234.500
            1.002003  | == | v1.2.3
            v1.2      | == | 1.2.0
            1.10.0    | >  | 1.9.0
            v1.20.9   | <  | v1.21.2
            0.001_001 | == | 0.001001
            1.23_01   | >  | 1.23
            v1.2.3    | <  | 1.3
            """)
    void ordersPerlVersionsAsVersionPmDoes(String left, String op, String right) {
        assertOrder(perl, left, op, right);
    }

    @ParameterizedTest(name = "conda {0} {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0.4       | == | 0.4.0
            0.4.1.rc  | == | 0.4.1.RC
            0.4.1.rc  | <  | 0.4.1
            0.5a1     | <  | 0.5b3
            0.5C1     | <  | 0.5
            0.9.6     | <  | 0.960923
            1.1dev1   | <  | 1.1_
            1.1_      | <  | 1.1a1
            1.1.0dev1 | == | 1.1.dev1
            1.1.a1    | <  | 1.1.0rc1
            1.1.0     | == | 1.1
            1.1       | <  | 1.1.0post1
            1.1.post1 | <  | 1.1post1
            1!0.1     | >  | 2.0
            1.0+1     | >  | 1.0
            1.10      | >  | 1.9
            """)
    void ordersCondaVersionsAsVersionOrderDoes(String left, String op, String right) {
        assertOrder(conda, left, op, right);
    }

    @ParameterizedTest(name = "R {0} {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0.1-1     | >  | 0.1
            0.1-1     | == | 0.1.1
            1.10.0    | >  | 1.9.2
            1.2.3.9000| >  | 1.2.3
            """)
    void ordersRVersionsAsPackageVersionDoes(String left, String op, String right) {
        assertOrder(r, left, op, right);
    }

    @ParameterizedTest(name = "pvp {0} {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1.0     | <  | 1.0.0
            0.4.0.1 | >  | 0.4.0.0
            1.10    | >  | 1.9.9
            2       | >  | 1.99
            """)
    void ordersHackageVersionsPartByPart(String left, String op, String right) {
        assertOrder(pvp, left, op, right);
    }

    @ParameterizedTest(name = "{0}: {1} accepts {2}? {3}")
    @CsvSource(delimiter = ';', textBlock = """
            perl    ; 0                  ; 0.01       ; true
            perl    ; 1.23               ; 1.3        ; true
            perl    ; 1.23               ; 1.22       ; false
            perl    ; >= 1.2, < 2.0      ; 1.5        ; true
            perl    ; >= 1.2, != 1.5     ; 1.5        ; false
            perl    ; == v1.2.3          ; 1.002003   ; true
            conda   ; >=1.21,<2          ; 1.26.4     ; true
            conda   ; >=1.21,<2          ; 2.0        ; false
            conda   ; 1.2.*              ; 1.2.5      ; true
            conda   ; 1.2.*              ; 1.20       ; false
            conda   ; 1.2*               ; 1.2.0      ; true
            conda   ; =1.2               ; 1.2.7      ; true
            conda   ; 1.2                ; 1.2.7      ; false
            conda   ; ==1.2              ; 1.2.0      ; true
            conda   ; !=1.2.*            ; 1.3        ; true
            conda   ; <1.0|>=2.0         ; 2.1        ; true
            conda   ; <1.0|>=2.0         ; 1.5        ; false
            conda   ; ~=1.2.3            ; 1.2.9      ; true
            conda   ; ~=1.2.3            ; 1.3.0      ; false
            conda   ; *                  ; 0.1        ; true
            cran    ; >= 3.5.0           ; 4.1.2      ; true
            cran    ; (>= 1.0-2)         ; 1.0-1      ; false
            cran    ;                    ; 0.1-1      ; true
            cran    ; == 0.1-1           ; 0.1.1      ; true
            hackage ; >=4.7 && <5        ; 4.16.0.0   ; true
            hackage ; >=4.7 && <5        ; 5.0        ; false
            hackage ; ^>=1.2.3           ; 1.2.9      ; true
            hackage ; ^>=1.2.3           ; 1.3        ; false
            hackage ; ==1.2.*            ; 1.2.0.1    ; true
            hackage ; ==1.2.*            ; 1.20       ; false
            hackage ; <0.2 || >=0.4      ; 0.4.1      ; true
            hackage ; <0.2 || >=0.4      ; 0.3        ; false
            hackage ; ^>= {1.2, 2.0}     ; 2.0.5      ; true
            hackage ; -any               ; 9          ; true
            hackage ; -none              ; 9          ; false
            """)
    void readsRequirements(String scheme, String requirement, String version, boolean accepted) {
        VersionScheme s = switch (scheme) {
            case "perl" -> perl;
            case "conda" -> conda;
            case "cran" -> r;
            default -> pvp;
        };
        assertThat(s.requirement(requirement == null ? "" : requirement).isSatisfiedBy(version)).isEqualTo(accepted);
    }

    @ParameterizedTest(name = "{0} {1} pre-release? {2}")
    @CsvSource(delimiter = '|', textBlock = """
            perl  | 1.23_01     | true
            perl  | 1.23-TRIAL  | true
            perl  | v1.21.2     | false
            conda | 1.0rc1      | true
            conda | 2.0.0a1     | true
            conda | 1.1.1w      | false
            conda | 1.0.dev0    | true
            conda | 1.0.post1   | false
            cran  | 1.2.3.9000  | false
            """)
    void marksPreReleases(String scheme, String version, boolean pre) {
        VersionScheme s = switch (scheme) {
            case "perl" -> perl;
            case "conda" -> conda;
            default -> r;
        };
        assertThat(s.isPrerelease(version)).isEqualTo(pre);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            perl    | >= banana
            conda   | >=1..2
            cran    | ~ 1.0
            hackage | >=1.* 
            hackage | >> 1
            """)
    void rejectsUnreadableRequirementsNamingTheRule(String scheme, String requirement) {
        VersionScheme s = switch (scheme) {
            case "perl" -> perl;
            case "conda" -> conda;
            case "cran" -> r;
            default -> pvp;
        };
        assertThatThrownBy(() -> s.requirement(requirement)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(requirement.strip());
    }

    private static void assertOrder(VersionScheme scheme, String left, String op, String right) {
        assertThat(scheme.isValid(left)).as(left).isTrue();
        assertThat(scheme.isValid(right)).as(right).isTrue();
        int c = Integer.signum(scheme.compare(left, right));
        switch (op) {
            case "<" -> assertThat(c).isEqualTo(-1);
            case ">" -> assertThat(c).isEqualTo(1);
            default -> assertThat(scheme.isEquivalent(left, right)).as(left + " == " + right).isTrue();
        }
    }
}
