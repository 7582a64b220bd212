package dev.quintet.packages.registry.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.testing.FakeUpstream;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Release and InRelease files: the date and the SHA256 list of index files. */
class ReleaseFileTest {

    @Test
    void readsARecordedReleaseFile() {
        ReleaseFile release = ReleaseFile.parse(FakeUpstream.resource("debian/stable/Release"));

        assertThat(release.suite()).isEqualTo("stable");
        assertThat(release.codename()).isEqualTo("trixie");
        assertThat(release.date()).isEqualTo(Instant.parse("2026-09-12T07:55:41Z"));
        assertThat(release.file("main/binary-amd64/Packages.xz")).hasValueSatisfying(f -> {
            assertThat(f.sha256()).hasSize(64);
            assertThat(f.size()).isEqualTo(FakeUpstream.resourceBytes("debian/stable/Packages.xz").length);
        });
        assertThat(release.file("main/binary-i386/Packages.xz")).isEmpty();
    }

    @Test
    void readsAClearSignedInReleaseWithoutItsSignature() {
        ReleaseFile release = ReleaseFile.parse("""
                -----BEGIN PGP SIGNED MESSAGE-----
                Hash: SHA256

                Origin: Debian
                Suite: testing
                Date: Fri, 30 Oct 2026 08:08:01 UTC
                SHA256:
                 963fda71f62ff96bcbd235869436c99807d96bf05f330097943e46b4c0e14fcd     1344 main/binary-amd64/Packages.xz
                - -not-a-field: dash-escaped
                -----BEGIN PGP SIGNATURE-----

                iQIzBAEBCAAdFiEE
                -----END PGP SIGNATURE-----
                """);

        assertThat(release.suite()).isEqualTo("testing");
        assertThat(release.date()).isEqualTo(Instant.parse("2026-10-30T08:08:01Z"));
        assertThat(release.sha256()).containsOnlyKeys("main/binary-amd64/Packages.xz");
        assertThat(release.file("main/binary-amd64/Packages.xz").orElseThrow().size()).isEqualTo(1344);
    }

    @Test
    void leavesAnUnreadableDateUnknown() {
        assertThat(ReleaseFile.parse("Date: yesterday\nSHA256:\n " + "a".repeat(64) + " 1 x\n").date()).isNull();
    }

    @Test
    void refusesTextWithoutAChecksumList() {
        assertThatThrownBy(() -> ReleaseFile.parse("<html>maintenance</html>"))
                .hasMessageContaining("not a Debian Release file");
    }
}
