package dev.quintet.packages.registry.pub;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PubAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final PubAdapter adapter = new PubAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/api/packages/dartlib", "pub/dartlib.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsEveryVersionWithDatesAndRetractions() {
        UpstreamProject p = fetched(adapter.fetch("dartlib", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.0.0", "1.1.0", "2.0.0-dev.1", "2.0.0");
        assertThat(version(p, "1.1.0").status()).isEqualTo("yanked");
        assertThat(version(p, "2.0.0").publishedAt()).isEqualTo(Instant.parse("2026-02-01T10:00:00Z"));
        assertThat(p.description()).isEqualTo("A small Dart library.");
        assertThat(p.homepage()).isEqualTo("https://dartlib.example.dev");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/dartlib");
        assertThat(p.keywords()).containsExactly("parsing");
        assertThat(p.licenses()).isEmpty();
        assertThat(p.status()).isEqualTo("active");
    }

    @Test
    void keepsHostedDependenciesAndLeavesOutSdkAndPathOnes() {
        UpstreamProject p = fetched(adapter.fetch("dartlib", Validators.NONE));

        assertThat(version(p, "1.0.0").dependencies()).containsExactly(
                new UpstreamDependency("meta", ">=1.3.0 <2.0.0", "runtime", false),
                new UpstreamDependency("collection", "^1.15.0", "runtime", false),
                new UpstreamDependency("path", "any", "runtime", false),
                new UpstreamDependency("test", "^1.16.0", "development", false));
        assertThat(version(p, "2.0.0-dev.1").dependencies()).isEmpty();
    }

    @Test
    void marksDiscontinuedPackagesDeprecated() {
        h.fake.serveBody("/api/packages/gone", """
                {"name":"gone","isDiscontinued":true,"latest":{"version":"1.0.0","pubspec":{}},
                 "versions":[{"version":"1.0.0","pubspec":{},"published":"2020-01-01T00:00:00Z"}]}""", "application/json");

        assertThat(fetched(adapter.fetch("gone", Validators.NONE)).status()).isEqualTo("deprecated");
        assertThat(adapter.fetch("nothing", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }
}
