package dev.quintet.packages.registry.openvsx;

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

class OpenVsxAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final OpenVsxAdapter adapter = new OpenVsxAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/api/example/linter", "openvsx/example-linter.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsAllVersionsWithoutAliasesAndTheNewestsDependencies() {
        UpstreamProject p = fetched(adapter.fetch("example.linter", Validators.NONE));

        assertThat(p.name()).isEqualTo("example.linter");
        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.4.0", "1.3.2", "1.10.0-next.1");
        assertThat(version(p, "1.4.0").publishedAt()).isEqualTo(Instant.parse("2026-02-02T10:00:00Z"));
        assertThat(version(p, "1.4.0").dependencies()).containsExactly(
                new UpstreamDependency("example.language-pack", "*", "runtime", false));
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/linter");
        assertThat(p.licenses()).containsExactly("MIT");
    }

    @Test
    void failsNamingTheUpstreamWhenTheDocumentIsNotAnExtension() {
        h.fake.serveBody("/api/example/linter", "{\"error\":\"oops\"}", "application/json");

        assertThatThrownBy(() -> adapter.fetch("example/linter", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not an Open VSX extension");
    }
}
