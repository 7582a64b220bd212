package dev.quintet.packages.registry.pypi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PypiAdapterTest {

    @Test
    void readsAReleasesRequirements() {
        try (AdapterHarness h = new AdapterHarness()) {
            h.fake.serveBody("/pypi/demo/1.0/json", "{\"info\":{\"name\":\"demo\",\"requires_dist\":[\"click>=8\"]}}", "application/json");

            assertThat(new PypiAdapter(h.base(), h.http).dependencies("demo", "1.0"))
                    .containsExactly(new UpstreamDependency("click", ">=8", "runtime", false));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "null", "[]", "{\"releases\":{}}", "{\"info\":\"demo\"}"})
    void aMalformedReleaseDocumentIsAnUpstreamFailureNamingTheUpstream(String body) {
        try (AdapterHarness h = new AdapterHarness()) {
            h.fake.serveBody("/pypi/demo/1.0/json", body, "application/json");

            assertThatThrownBy(() -> new PypiAdapter(h.base(), h.http).dependencies("demo", "1.0"))
                    .isInstanceOf(UpstreamFailure.class).hasMessageContaining("127.0.0.1")
                    .hasMessageContaining("not a PyPI release document");
        }
    }
}
