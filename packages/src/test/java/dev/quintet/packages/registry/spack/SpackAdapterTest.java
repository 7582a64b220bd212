package dev.quintet.packages.registry.spack;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SpackAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final SpackAdapter adapter = new SpackAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/data/packages/zstdlike.json", "spack/zstdlike.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsVersionsDeprecationsLicencesAndUnversionedDependencies() {
        UpstreamProject p = fetched(adapter.fetch("zstdlike", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("develop", "1.5.10", "1.5.9", "1.4.0", "1.6.0-rc1");
        assertThat(version(p, "1.4.0").status()).isEqualTo("deprecated");
        assertThat(version(p, "1.5.10").license()).isEqualTo("BSD-3-Clause");
        assertThat(version(p, "1.5.10").dependencies()).containsExactly(
                new UpstreamDependency("cmake", "*", "runtime", false), new UpstreamDependency("lz4", "*", "runtime", false));
        assertThat(p.homepage()).isEqualTo("https://example.org/zstdlike");
    }

    @Test
    void failsNamingTheUpstreamWhenThereAreNoVersions() {
        h.fake.serveBody("/data/packages/zstdlike.json", "{\"name\":\"zstdlike\",\"versions\":[]}", "application/json");

        assertThatThrownBy(() -> adapter.fetch("zstdlike", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a Spack package");
    }
}
