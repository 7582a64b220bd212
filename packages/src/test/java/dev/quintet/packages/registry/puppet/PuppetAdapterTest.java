package dev.quintet.packages.registry.puppet;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PuppetAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final PuppetAdapter adapter = new PuppetAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/v3/modules/example-ntp", "puppet/example-ntp.json", "application/json")
                .serve("/v3/releases/example-ntp-2.0.0", "puppet/example-ntp-2.0.0.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsReleasesWithForgeTimesAndDeletions() {
        UpstreamProject p = fetched(adapter.fetch("example/ntp", Validators.NONE));

        assertThat(p.name()).isEqualTo("example-ntp");
        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("2.1.0", "2.0.0", "1.0.0");
        assertThat(version(p, "2.1.0").publishedAt()).isEqualTo(Instant.parse("2026-04-12T06:14:42Z"));
        assertThat(version(p, "1.0.0").status()).isEqualTo("yanked");
        assertThat(version(p, "2.1.0").license()).isEqualTo("Apache-2.0");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/puppet-ntp");
        assertThat(p.keywords()).containsExactly("ntp", "time");
        assertThat(version(p, "2.1.0").dependencies()).containsExactly(
                new UpstreamDependency("puppetlabs-stdlib", ">= 4.25.0 < 9.0.0", "runtime", false),
                new UpstreamDependency("example-base", "*", "runtime", false));
    }

    @Test
    void readsOtherReleasesDependencies() {
        assertThat(adapter.dependencies("example-ntp", "2.0.0")).containsExactly(
                new UpstreamDependency("puppetlabs-stdlib", ">= 4.13.1 < 6.0.0", "runtime", false));
    }
}
