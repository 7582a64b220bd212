package dev.quintet.packages.registry.deno;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DenoAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final DenoAdapter adapter = new DenoAdapter(URI.create(h.base() + "/api"), URI.create(h.base() + "/cdn"), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/api/v2/modules/oakish", "deno/module-oakish.json", "application/json")
                .serve("/cdn/oakish/meta/versions.json", "deno/versions-oakish.json", "application/json")
                .serve("/cdn/oakish/versions/v2.1.0/meta/meta.json", "deno/meta-oakish-v2.1.0.json", "application/json")
                .serve("/cdn/oakish/versions/v2.1.0/meta/deps_v2.json", "deno/deps-oakish-v2.1.0.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void mergesTheModuleApiAndCdnVersionListsAndDatesTheNewest() {
        UpstreamProject p = fetched(adapter.fetch("oakish", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number)
                .containsExactlyInAnyOrder("v2.1.0", "v2.0.0", "v1.10.0-rc.1", "v1.9.0");
        assertThat(version(p, "v2.1.0").publishedAt()).isEqualTo(Instant.parse("2026-03-01T12:00:00Z"));
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/oakish");
        assertThat(p.description()).isEqualTo("A small middleware framework");
    }

    @Test
    void readsDirectDenoLandImportsFromTheModuleGraph() {
        assertThat(adapter.dependencies("oakish", "v2.1.0")).containsExactly(
                new UpstreamDependency("std", "0.200.0", "runtime", false),
                new UpstreamDependency("path_to_regexp", "v6.2.1", "runtime", false),
                new UpstreamDependency("colors", "v1.0.0", "development", false));
    }

    @Test
    void anUnknownModuleIsMissing() {
        assertThat(adapter.fetch("nothing_here", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }

    @Test
    void failsNamingTheUpstreamWhenTheGraphHasNoNodes() {
        h.fake.serveBody("/cdn/oakish/versions/v2.0.0/meta/deps_v2.json", "{\"graph\":[]}", "application/json");

        assertThatThrownBy(() -> adapter.dependencies("oakish", "v2.0.0")).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a Deno module graph");
    }
}
