package dev.quintet.packages.registry.clojars;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
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
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClojarsAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final AdapterHarness central = new AdapterHarness();
    private final ClojarsAdapter adapter = new ClojarsAdapter(URI.create(h.base() + "/repo"), URI.create(h.base() + "/web"),
            central.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/repo/acme/flow/maven-metadata.xml", "clojars/maven-metadata.xml", "application/xml")
                .serve("/repo/acme/flow/1.2.0/flow-1.2.0.pom", "clojars/flow-1.2.0.pom", "application/xml")
                .serve("/web/api/artifacts/acme/flow", "clojars/artifact-flow.json", "application/json");
        central.fake.serve("/org/example/example-parent/3/example-parent-3.pom", "clojars/example-parent-3.pom", "application/xml");
    }

    @AfterEach
    void stop() {
        h.close();
        central.close();
    }

    @Test
    void readsTheRepositoryAndAddsVersionsOnlyTheArtifactApiStillLists() {
        UpstreamProject p = fetched(adapter.fetch("acme/flow", Validators.NONE));

        assertThat(p.name()).isEqualTo("acme/flow");
        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactlyInAnyOrder("1.1.0", "1.2.0", "1.0.0");
        assertThat(p.description()).isEqualTo("Composable flows for Clojure.");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/acme/flow");
        assertThat(p.licenses()).containsExactly("Eclipse Public License 2.0");
        assertThat(version(p, "1.2.0").dependencies()).containsExactly(
                new UpstreamDependency("org.clojure/clojure", "1.12.0", "runtime", false),
                new UpstreamDependency("medley", "1.4.0", "runtime", false),
                new UpstreamDependency("lambdaisland/kaocha", "1.91.0", "test", false));
    }

    @Test
    void acceptsMavenCoordinatesForTheSameArtifact() {
        assertThat(fetched(adapter.fetch("acme:flow", Validators.NONE)).name()).isEqualTo("acme/flow");
        assertThat(ClojarsAdapter.coordinates("hiccup")).isEqualTo("hiccup:hiccup");
    }

    @Test
    void anArtifactTheRepositoryDoesNotKnowIsMissing() {
        assertThat(adapter.fetch("acme/nothing", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }

    @Test
    void failsNamingTheUpstreamWhenTheArtifactApiSendsNoObject() {
        h.fake.serveBody("/web/api/artifacts/acme/flow", "[1,2]", "application/json");

        assertThatThrownBy(() -> adapter.fetch("acme/flow", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("127.0.0.1").hasMessageContaining("not a Clojars artifact");
    }
}
