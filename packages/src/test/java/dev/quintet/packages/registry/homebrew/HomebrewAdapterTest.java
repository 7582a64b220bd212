package dev.quintet.packages.registry.homebrew;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.licenses.SpdxLicenses;
import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HomebrewAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final HomebrewAdapter adapter = new HomebrewAdapter(h.base(), h.http);

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsTheCurrentVersionWithRevisionLicenceAndDependencyKinds() {
        h.fake.serve("/api/formula/jqlike.json", "homebrew/jq-like.json", "application/json");
        UpstreamProject p = fetched(adapter.fetch("jqlike", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.7.1_2");
        assertThat(p.licenses()).containsExactly("MIT OR Apache-2.0");
        assertThat(SpdxLicenses.normalize(p.licenses().getFirst())).hasValue("MIT OR Apache-2.0");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/jqlike");
        assertThat(p.homepage()).isEqualTo("https://jqlike.example.org");
        assertThat(p.status()).isEqualTo("active");
        assertThat(p.versions().getFirst().dependencies()).containsExactly(
                new UpstreamDependency("oniguruma", "*", "runtime", false),
                new UpstreamDependency("autoconf", "*", "build", false),
                new UpstreamDependency("automake", "*", "build", false),
                new UpstreamDependency("readline", "*", "optional", true));
    }
}
