package dev.quintet.packages.registry.cargo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.testing.FakeUpstream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

class CargoAdapterTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void readsCrateVersionsDatesAndLicences() {
        UpstreamProject p = CargoAdapter.parse(json.readTree(FakeUpstream.resource("cargo/parameters_lib.json")));

        assertThat(p.name()).isEqualTo("parameters_lib");
        assertThat(p.versions()).hasSize(4).allSatisfy(v -> assertThat(v.publishedAt()).isNotNull());
        assertThat(p.licenses()).containsExactly("MIT");
    }

    @Test
    void mapsKindsAndMarksYankedVersions() {
        String doc = """
                {"crate":{"name":"x","repository":"https://github.com/a/x.git"},
                 "versions":[{"num":"1.0.0","created_at":"2020-01-01T00:00:00Z","license":"MIT/Apache-2.0","yanked":true}]}
                """;
        UpstreamProject p = CargoAdapter.parse(json.readTree(doc));
        assertThat(p.versions().getFirst().status()).isEqualTo("yanked");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/a/x");

        String deps = """
                {"dependencies":[{"crate_id":"a","req":"^1","kind":"normal","optional":false},
                  {"crate_id":"b","req":"0.3","kind":"dev","optional":false},
                  {"crate_id":"c","req":"~2","kind":"build","optional":false},
                  {"crate_id":"d","req":"1","kind":"normal","optional":true}]}
                """;
        assertThat(CargoAdapter.dependencies(json.readTree(deps))).containsExactly(
                new UpstreamDependency("a", "^1", "runtime", false),
                new UpstreamDependency("b", "0.3", "development", false),
                new UpstreamDependency("c", "~2", "build", false),
                new UpstreamDependency("d", "1", "optional", true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "null", "[]", "{\"dependencies\":\"none\"}", "{\"dependencies\":[{\"req\":\"^1\"}]}"})
    void aMalformedDependencyListIsAnUpstreamFailureNamingTheUpstream(String body) {
        try (AdapterHarness h = new AdapterHarness()) {
            h.fake.serveBody("/api/v1/crates/x/1.0.0/dependencies", body, "application/json");

            assertThatThrownBy(() -> new CargoAdapter(h.base(), h.http).dependencies("x", "1.0.0"))
                    .isInstanceOf(UpstreamFailure.class).hasMessageContaining("127.0.0.1").hasMessageContaining("not a dependency list");
        }
    }
}
