package dev.quintet.packages.registry.terraform;

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

class TerraformAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final TerraformAdapter adapter = new TerraformAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/v1/modules/example/network/aws", "terraform/module-network.json", "application/json")
                .serve("/v1/modules/example/network/aws/versions", "terraform/module-network-versions.json", "application/json")
                .serve("/v1/providers/hashicorp/aws", "terraform/provider-aws.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsAModuleWithItsProvidersAndRegistryModuleCallsPerVersion() {
        UpstreamProject p = fetched(adapter.fetch("example/network/aws", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.0.0", "2.0.0", "2.1.0");
        assertThat(version(p, "2.1.0").publishedAt()).isEqualTo(Instant.parse("2026-01-08T19:16:31.278629Z"));
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/terraform-aws-network");
        assertThat(version(p, "2.1.0").dependencies()).containsExactly(
                new UpstreamDependency("hashicorp/aws", ">= 5.0", "runtime", false),
                new UpstreamDependency("hashicorp/random", "*", "runtime", false),
                new UpstreamDependency("cloudposse/label/null", "0.25.0", "runtime", false));
        assertThat(version(p, "2.0.0").dependencies()).isNull();
        assertThat(adapter.dependencies("example/network/aws", "1.0.0"))
                .containsExactly(new UpstreamDependency("hashicorp/aws", "~> 3.0", "runtime", false));
    }

    @Test
    void readsAProviderWithoutDependencies() {
        UpstreamProject p = fetched(adapter.fetch("hashicorp/aws", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("4.67.0", "5.0.0", "5.80.0");
        assertThat(version(p, "5.0.0").dependencies()).isEmpty();
    }

    @Test
    void failsNamingTheUpstreamWhenTheVersionListHasNoModules() {
        h.fake.serveBody("/v1/modules/example/network/aws/versions", "{\"errors\":[]}", "application/json");

        assertThatThrownBy(() -> adapter.dependencies("example/network/aws", "1.0.0")).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a Terraform module version list");
    }

    @Test
    void failsNamingTheVersionListWhenItIsMalformedDuringAFetch() {
        h.fake.serveBody("/v1/modules/example/network/aws/versions", "[]", "application/json");

        assertThatThrownBy(() -> adapter.fetch("example/network/aws", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("/v1/modules/example/network/aws/versions")
                .hasMessageContaining("not a Terraform module version list");
    }
}
