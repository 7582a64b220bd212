package dev.quintet.packages.registry.elm;

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

class ElmAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final ElmAdapter adapter = new ElmAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/packages/someone/counter/releases.json", "elm/releases.json", "application/json")
                .serve("/packages/someone/counter/1.2.0/elm.json", "elm/elm-1.2.0.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsReleaseTimesAndTheNewestElmJson() {
        UpstreamProject p = fetched(adapter.fetch("someone/counter", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.0.0", "1.0.1", "1.2.0");
        assertThat(version(p, "1.0.0").publishedAt()).isEqualTo(Instant.ofEpochSecond(1600000000));
        assertThat(p.description()).isEqualTo("Counts things.");
        assertThat(p.licenses()).containsExactly("BSD-3-Clause");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/someone/counter");
        assertThat(version(p, "1.2.0").dependencies()).containsExactly(
                new UpstreamDependency("elm/core", "1.0.0 <= v < 2.0.0", "runtime", false),
                new UpstreamDependency("elm/json", "1.1.0 <= v <= 1.1.3", "runtime", false),
                new UpstreamDependency("elm-explorations/test", "2.0.0 <= v < 3.0.0", "test", false));
        assertThat(version(p, "1.0.0").dependencies()).isNull();
        assertThat(adapter.fetch("someone/nothing", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }
}
