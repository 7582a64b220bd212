package dev.quintet.packages.registry.hex;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HexAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final HexAdapter adapter = new HexAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/api/packages/plug_tools", "hex/plug_tools.json", "application/json")
                .serve("/api/packages/plug_tools/releases/1.2.0", "hex/plug_tools-1.2.0.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsReleasesRetirementsLicencesAndLinks() {
        UpstreamProject p = fetched(adapter.fetch("plug_tools", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.2.0", "1.1.0", "1.0.0", "1.0.0-rc.1");
        assertThat(version(p, "1.1.0").status()).isEqualTo("yanked");
        assertThat(version(p, "1.2.0").status()).isNull();
        assertThat(version(p, "1.2.0").publishedAt()).isEqualTo(Instant.parse("2026-05-01T10:00:00Z"));
        assertThat(version(p, "1.2.0").license()).isEqualTo("Apache-2.0");
        assertThat(version(p, "1.2.0").dependencies()).isNull();
        assertThat(p.licenses()).containsExactly("Apache-2.0");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/plug_tools");
        assertThat(p.description()).isEqualTo("Tools for Plug.");
    }

    @Test
    void readsAReleasesRequirementsWithOptionalOnes() {
        assertThat(adapter.dependencies("plug_tools", "1.2.0")).containsExactlyInAnyOrder(
                new UpstreamDependency("plug", "~> 1.14", "runtime", false),
                new UpstreamDependency("jason", "~> 1.0 or ~> 2.0", "optional", true));
    }

    @Test
    void failsNamingTheUpstreamWhenAReleaseHasNoRequirements() {
        h.fake.serveBody("/api/packages/plug_tools/releases/1.1.0", "{\"version\":\"1.1.0\"}", "application/json");

        assertThatThrownBy(() -> adapter.dependencies("plug_tools", "1.1.0")).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("127.0.0.1").hasMessageContaining("not a Hex release");
    }
}
