package dev.quintet.packages.registry.julia;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.Validators;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JuliaAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final JuliaAdapter adapter = new JuliaAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/docs/General/Tally/versions.json", "julia/versions-Tally.json", "application/json")
                .serve("/docs/General/Tally/0.10.0/pkg.json", "julia/pkg-Tally-0.10.0.json", "application/json")
                .serve("/docs/General/Tally/0.1.0/pkg.json", "julia/pkg-Tally-0.1.0.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsTheNewestVersionsPackageDocumentWithDepsWrittenAsPythonText() {
        UpstreamProject p = fetched(adapter.fetch("Tally", Validators.NONE));

        assertThat(p.licenses()).containsExactly("MIT");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/Tally.jl");
        assertThat(version(p, "0.10.0").dependencies()).containsExactly(
                new UpstreamDependency("DataFrames", "1.3.0-1", "runtime", false),
                new UpstreamDependency("StatsBase", "0.33, 0.34", "runtime", false));
        assertThat(version(p, "0.2.0").dependencies()).isNull();
    }

    @Test
    void readsDepsWrittenAsAJsonList() {
        assertThat(adapter.dependencies("Tally", "0.1.0")).containsExactly(new UpstreamDependency("StatsBase", "0.32", "runtime", false));
    }

    @Test
    void failsNamingTheUpstreamWhenTheVersionListIsNotOne() {
        h.fake.serveBody("/docs/General/Tally/versions.json", "{\"versions\":1}", "application/json");

        assertThatThrownBy(() -> adapter.fetch("Tally", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a JuliaHub version list");
    }
}
