package dev.quintet.packages.registry.maven;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MavenAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final AdapterHarness central = new AdapterHarness();

    @AfterEach
    void stop() {
        h.close();
        central.close();
    }

    @Test
    void aListedVersionWithoutItsPomYieldsTheVersionsAlone() {
        h.fake.serve("/acme/flow/maven-metadata.xml", "clojars/maven-metadata.xml", "application/xml");
        MavenAdapter adapter = new MavenAdapter(h.base(), h.http);

        UpstreamProject p = fetched(adapter.fetch("acme:flow", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.1.0", "1.2.0");
        assertThat(p.versions()).allSatisfy(v -> assertThat(v.dependencies()).isNull());
        assertThat(p.description()).isNull();
        assertThatThrownBy(() -> adapter.dependencies("acme:flow", "1.2.0")).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("has no POM for acme:flow 1.2.0");
    }

    @Test
    void readsParentsMissingFromTheRepositoryFromTheFallback() {
        h.fake.serve("/acme/flow/maven-metadata.xml", "clojars/maven-metadata.xml", "application/xml")
                .serve("/acme/flow/1.2.0/flow-1.2.0.pom", "clojars/flow-1.2.0.pom", "application/xml");
        central.fake.serve("/org/example/example-parent/3/example-parent-3.pom", "clojars/example-parent-3.pom", "application/xml");

        UpstreamProject p = fetched(new MavenAdapter(h.base(), central.base(), h.http).fetch("acme:flow", Validators.NONE));
        assertThat(p.licenses()).containsExactly("Eclipse Public License 2.0");

        MavenAdapter withoutFallback = new MavenAdapter(URI.create(h.base().toString()), h.http);
        assertThatThrownBy(() -> withoutFallback.fetch("acme:flow", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("example-parent-3.pom");
    }
}
