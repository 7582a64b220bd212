package dev.quintet.packages.registry.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Relation fields: alternatives, version relations, architecture qualifiers and restrictions, build profiles. */
class PackageRelationsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            libc6                          | libc6    |      | *          |
            libc6 (>= 2.34)                | libc6    |      | >= 2.34    |
            libc6 (>=2.34)                 | libc6    |      | >= 2.34    |
            zlib1g ( >= 1:1.1.4 )          | zlib1g   |      | >= 1:1.1.4 |
            libcurl4t64 (= 8.14.1-2+deb13u5) | libcurl4t64 | | = 8.14.1-2+deb13u5 |
            apt (<< 2.9.11~)               | apt      |      | << 2.9.11~ |
            dpkg (> 1.0)                   | dpkg     |      | > 1.0      |
            perl:any                       | perl     | any  | *          |
            python3:any (>= 3.11~)         | python3  | any  | >= 3.11~   |
            libstdc++6 (>= 13.1)           | libstdc++6 |    | >= 13.1    |
            foo [amd64 arm64]              | foo      |      | *          | amd64 arm64
            foo (>= 1) [!i386] <!nocheck>  | foo      |      | >= 1       | !i386
            """)
    void readsOneAlternative(String text, String name, String qualifier, String requirement, String architectures) {
        PackageRelations.Alternative a = PackageRelations.parse(text).getFirst().alternatives().getFirst();

        assertThat(a.name()).isEqualTo(name);
        assertThat(a.architectureQualifier()).isEqualTo(qualifier);
        assertThat(a.requirement()).isEqualTo(requirement);
        assertThat(a.architectures()).isEqualTo(architectures == null ? List.of() : List.of(architectures.split(" ")));
    }

    @Test
    void readsAlternativesAndKeepsEachRelationAsWritten() {
        List<PackageRelations.Relation> relations = PackageRelations.parse(
                "openssl (>= 1.1.1), debconf (>= 0.5) |  debconf-2.0, default-mta\n | mail-transport-agent,");

        assertThat(relations).extracting(PackageRelations.Relation::text).containsExactly("openssl (>= 1.1.1)",
                "debconf (>= 0.5) | debconf-2.0", "default-mta | mail-transport-agent");
        assertThat(relations.get(1).alternatives()).extracting(PackageRelations.Alternative::name,
                PackageRelations.Alternative::requirement).containsExactly(
                tuple("debconf", ">= 0.5"),
                tuple("debconf-2.0", "*"));
    }

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            foo [amd64]          | amd64 | true
            foo [amd64]          | i386  | false
            foo [!amd64]         | amd64 | false
            foo [!amd64 !arm64]  | i386  | true
            foo [linux-any]      | amd64 | true
            foo [any-amd64]      | amd64 | true
            foo                  | s390x | true
            """)
    void appliesOnlyOnTheArchitecturesItNames(String text, String architecture, boolean applies) {
        assertThat(PackageRelations.parse(text).getFirst().alternatives().getFirst().appliesOn(architecture))
                .isEqualTo(applies);
    }

    @Test
    void readsProvidesAsOneNameEachOptionallyVersioned() {
        List<PackageRelations.Alternative> provided = PackageRelations.provides(
                "libcurl4 (= 8.14.1-2+deb13u5), default-mta,\n mail-transport-agent , awk:any, foo [i386]");

        assertThat(provided).extracting(PackageRelations.Alternative::name,
                PackageRelations.Alternative::architectureQualifier, PackageRelations.Alternative::requirement)
                .containsExactly(
                        tuple("libcurl4", null, "= 8.14.1-2+deb13u5"),
                        tuple("default-mta", null, "*"),
                        tuple("mail-transport-agent", null, "*"),
                        tuple("awk", "any", "*"),
                        tuple("foo", null, "*"));
        assertThat(provided.getLast().appliesOn("amd64")).isFalse();
        assertThat(PackageRelations.provides(null)).isEmpty();
        assertThat(PackageRelations.provides(" , ")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            'mail-transport-agent | default-mta' | has alternatives
            'libfoo (= 1.0'                      | the relation
            """)
    void refusesProvidesItCannotRead(String text, String problem) {
        assertThatThrownBy(() -> PackageRelations.provides(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(problem);
    }

    @Test
    void readsNothingFromAnEmptyField() {
        assertThat(PackageRelations.parse(null)).isEmpty();
        assertThat(PackageRelations.parse("  ")).isEmpty();
        assertThat(PackageRelations.parse(" , ")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            libc6 (>= 2.34
            libc6 (~= 2.34)
            'a | | b'
            foo [amd64 !i386]
            (>= 1.0)
            """)
    void refusesRelationsItCannotRead(String text) {
        assertThatThrownBy(() -> PackageRelations.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the relation");
    }
}
