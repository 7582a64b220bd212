package dev.quintet.packages.registry.rubygems;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.validators;
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
import dev.quintet.packages.testing.FakeUpstream;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RubyGemsAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final RubyGemsAdapter adapter = new RubyGemsAdapter(h.base(), h.http);

    @AfterEach
    void stop() {
        h.close();
    }

    private void serveFastgem() {
        h.fake.serve("/api/v1/versions/fastgem.json", "rubygems/versions-fastgem.json", "application/json")
                .serve("/api/v1/gems/fastgem.json", "rubygems/gem-fastgem.json", "application/json")
                .serve("/api/v2/rubygems/fastgem/versions/2.0.10.json", "rubygems/fastgem-2.0.10.json", "application/json");
    }

    @Test
    void readsOneVersionPerNumberWhateverThePlatforms() {
        serveFastgem();
        UpstreamProject p = fetched(adapter.fetch("fastgem", Validators.NONE));

        assertThat(p.name()).isEqualTo("fastgem");
        assertThat(p.description()).isEqualTo("Parses things quickly.");
        assertThat(p.homepage()).isEqualTo("https://fastgem.example.org");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/fastgem");
        assertThat(p.licenses()).containsExactly("MIT", "Ruby");
        assertThat(p.versions()).extracting(UpstreamVersion::number)
                .containsExactly("2.1.0", "2.1.0.rc1", "2.0.10", "2.0.9");
        UpstreamVersion current = version(p, "2.1.0");
        assertThat(current.publishedAt()).isEqualTo(Instant.parse("2026-03-02T10:00:00Z"));
        assertThat(current.license()).isEqualTo("MIT OR Ruby");
        assertThat(version(p, "2.0.9").license()).isNull();
        assertThat(current.dependencies()).containsExactly(
                new UpstreamDependency("racc", "~> 1.4", "runtime", false),
                new UpstreamDependency("mini_portile2", "~> 2.8.0", "runtime", false),
                new UpstreamDependency("rake", "~> 13.0", "development", false));
        assertThat(version(p, "2.0.10").dependencies()).isNull();
    }

    @Test
    void readsOtherVersionsDependenciesFromTheV2VersionDocument() {
        serveFastgem();
        assertThat(adapter.dependencies("fastgem", "2.0.10"))
                .containsExactly(new UpstreamDependency("racc", ">= 1.2, < 2", "runtime", false));
    }

    @Test
    void asksConditionallyAndReportsMissingGems() {
        serveFastgem();
        ProjectFetch first = adapter.fetch("fastgem", Validators.NONE);
        ProjectFetch again = adapter.fetch("fastgem", validators(first));

        assertThat(again).isInstanceOf(ProjectFetch.NotModified.class);
        assertThat(adapter.fetch("no-such-gem", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }

    @Test
    void failsNamingTheUpstreamWhenItSendsGarbage() {
        serveFastgem();
        h.fake.mode(FakeUpstream.Mode.GARBAGE);
        assertThatThrownBy(() -> adapter.fetch("fastgem", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("127.0.0.1").hasMessageContaining("gem version list");
    }
}
