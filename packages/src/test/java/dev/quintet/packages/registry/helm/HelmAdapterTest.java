package dev.quintet.packages.registry.helm;

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

class HelmAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final HelmAdapter adapter = new HelmAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/api/v1/packages/helm/example/webapp", "helm/example-webapp.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsVersionsWithDatesAndTheChartsDependencies() {
        UpstreamProject p = fetched(adapter.fetch("example/webapp", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("2.1.0", "2.0.0", "2.1.0-rc.1");
        assertThat(version(p, "2.0.0").publishedAt()).isEqualTo(Instant.parse("2025-12-01T00:00:00Z"));
        assertThat(version(p, "2.1.0").license()).isEqualTo("Apache-2.0");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/charts");
        assertThat(p.keywords()).containsExactly("web", "nginx");
        assertThat(version(p, "2.1.0").dependencies()).containsExactly(
                new UpstreamDependency("example/postgresql", "~15.2.0", "optional", true),
                new UpstreamDependency("example/common", "2.x.x", "runtime", false));
    }

    @Test
    void failsNamingTheUpstreamWhenAVersionDocumentHasNoVersion() {
        h.fake.serveBody("/api/v1/packages/helm/example/webapp/2.0.0", "{\"name\":\"webapp\"}", "application/json");

        assertThatThrownBy(() -> adapter.dependencies("example/webapp", "2.0.0")).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not an Artifact Hub Helm package");
    }
}
