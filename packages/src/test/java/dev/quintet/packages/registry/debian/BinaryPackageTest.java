package dev.quintet.packages.registry.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.quintet.packages.registry.UpstreamDependency;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A Packages paragraph as a binary package: fields, and dependencies by relation field. */
class BinaryPackageTest {

    static BinaryPackage of(String paragraph) throws IOException {
        return BinaryPackage.of(new ControlParagraphs(new StringReader(paragraph)).next(), "amd64");
    }

    @Test
    void readsTheFieldsOfAPackage() throws IOException {
        BinaryPackage p = of("""
                Package: libcurl4t64
                Source: curl (8.14.1-2)
                Version: 8.14.1-2+b1
                Architecture: amd64
                Maintainer: Debian Curl Maintainers <team+curl@tracker.debian.org>
                Description: easy-to-use client-side URL transfer library
                 libcurl is an easy-to-use client-side URL transfer library.
                Homepage: https://curl.se/
                Section: libs
                """);

        assertThat(p).extracting(BinaryPackage::name, BinaryPackage::version, BinaryPackage::architecture,
                BinaryPackage::source, BinaryPackage::sourceVersion, BinaryPackage::homepage, BinaryPackage::section,
                BinaryPackage::maintainer, BinaryPackage::description).containsExactly("libcurl4t64", "8.14.1-2+b1",
                "amd64", "curl", "8.14.1-2", "https://curl.se/", "libs",
                "Debian Curl Maintainers <team+curl@tracker.debian.org>", "easy-to-use client-side URL transfer library");
        assertThat(p.dependencies()).isEmpty();
        assertThat(of("Package: curl\nVersion: 8\n").source()).isEqualTo("curl");
        assertThat(of("Package: curl\nVersion: 8\nSource: curl\n").sourceVersion()).isNull();
    }

    @Test
    void readsPreDependsDependsRecommendsAndSuggestsOneRowPerAlternative() throws IOException {
        BinaryPackage p = of("""
                Package: update-inetd
                Version: 4.53
                Depends: debconf (>= 0.5) | debconf-2.0, perl:any
                Pre-Depends: libc6 (>= 2.38)
                Recommends: apt (>= 2.9.11~) | apt-utils
                Suggests: whiptail | dialog
                Breaks: netkit-inetd (<< 0.10-10)
                Conflicts: xinetd
                """);

        assertThat(p.dependencies()).extracting(UpstreamDependency::name, UpstreamDependency::requirements,
                UpstreamDependency::kind, UpstreamDependency::optional, UpstreamDependency::declared).containsExactly(
                tuple("libc6", ">= 2.38", "runtime", false, "libc6 (>= 2.38)"),
                tuple("debconf", ">= 0.5", "runtime", false, "debconf (>= 0.5) | debconf-2.0"),
                tuple("debconf-2.0", "*", "runtime", false, "debconf (>= 0.5) | debconf-2.0"),
                tuple("perl", "*", "runtime", false, "perl:any"),
                tuple("apt", ">= 2.9.11~", "runtime", true, "apt (>= 2.9.11~) | apt-utils"),
                tuple("apt-utils", "*", "runtime", true, "apt (>= 2.9.11~) | apt-utils"),
                tuple("whiptail", "*", "optional", true, "whiptail | dialog"),
                tuple("dialog", "*", "optional", true, "whiptail | dialog"));
    }

    @Test
    void leavesOutAlternativesRestrictedToOtherArchitectures() throws IOException {
        BinaryPackage p = of("Package: foo\nVersion: 1\nDepends: libx [i386] | liby [amd64], libz [!amd64]\n");

        assertThat(p.dependencies()).extracting(UpstreamDependency::name).containsExactly("liby");
        assertThat(p.dependencies().getFirst().declared()).isEqualTo("libx [i386] | liby [amd64]");
    }

    @Test
    void readsWhatItProvidesWithVersionsWithoutArchitectureQualifiers() throws IOException {
        BinaryPackage p = of("""
                Package: libcurl4t64
                Version: 8.14.1-2+deb13u5
                Provides: libcurl4 (= 8.14.1-2+deb13u5), curl-lib:any, libcurl-legacy [i386], libcurl-any (>= 8)
                Depends: libc6 (>= 2.38)
                Conflicts: libcurl4
                """);

        assertThat(p.provides()).extracting(BinaryPackage.Provided::name, BinaryPackage.Provided::version)
                .containsExactly(tuple("libcurl4", "8.14.1-2+deb13u5"), tuple("curl-lib", null),
                        tuple("libcurl-any", null));
        assertThat(p.dependencies()).extracting(UpstreamDependency::name).containsExactly("libc6");
        assertThat(of("Package: foo\nVersion: 1\n").provides()).isEmpty();
    }

    @Test
    void digestsTheRelationFieldsAndProvidesOnly() throws IOException {
        String base = "Package: foo\nVersion: 1\nDepends: b\n";

        assertThat(of(base + "Maintainer: someone\n").relationsDigest()).isEqualTo(of(base).relationsDigest());
        assertThat(of(base + "Conflicts: c\n").relationsDigest()).isEqualTo(of(base).relationsDigest());
        assertThat(of(base + "Suggests: c\n").relationsDigest()).isNotEqualTo(of(base).relationsDigest());
        assertThat(of(base + "Provides: c\n").relationsDigest()).isNotEqualTo(of(base).relationsDigest());
        assertThat(of(base + "Provides: c (= 2)\n").relationsDigest()).isNotEqualTo(of(base + "Provides: c\n")
                .relationsDigest());
        assertThat(of("Package: foo\nVersion: 1\nRecommends: b\n").relationsDigest()).isNotEqualTo(of(base).relationsDigest());
        assertThat(of("Package: foo\nVersion: 1\nProvides: b\n").relationsDigest())
                .isNotEqualTo(of(base).relationsDigest());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no Package             | Version: 1\\nDepends: b                | has no Package
            no Version             | Package: foo\\nDepends: b                | has no Version
            an empty Version       | Package: foo\\nVersion:                  | has no Version
            an upper-case name     | Package: Foo\\nVersion: 1              | which Debian does not allow
            an unreadable relation | Package: foo\\nVersion: 1\\nDepends: b (>= | Depends: the relation
            alternatives in Provides | 'Package: foo\\nVersion: 1\\nProvides: b | c' | Provides: the entry
            """)
    void refusesAParagraphItCannotUse(String what, String paragraph, String problem) {
        assertThatThrownBy(() -> of(paragraph.replace("\\n", "\n"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(problem);
    }
}
