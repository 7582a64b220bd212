package dev.quintet.packages.registry.ctan;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CtanAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final CtanAdapter adapter = new CtanAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/json/2.0/pkg/tikzlike", "ctan/tikzlike.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void readsTheCurrentVersionWithItsDateAndLicenceKeys() {
        UpstreamProject p = fetched(adapter.fetch("tikzlike", Validators.NONE));

        assertThat(p.versions()).singleElement().satisfies(v -> {
            assertThat(v.number()).isEqualTo("0.5");
            assertThat(v.publishedAt()).isEqualTo(Instant.parse("2024-04-25T00:00:00Z"));
            assertThat(v.license()).isEqualTo("lppl1.3c AND gpl3+");
        });
        assertThat(p.licenses()).containsExactly("lppl1.3c", "gpl3+");
        assertThat(p.description()).isEqualTo("Draw things with TikZ");
        assertThat(p.homepage()).isEqualTo("https://ctan.org/pkg/tikzlike");
    }

    @Test
    void usesTheDateAsTheNumberWhenThereIsNone() {
        h.fake.serveBody("/json/2.0/pkg/tikzlike", "{\"id\":\"tikzlike\",\"version\":{\"number\":\"\",\"date\":\"2020-01-02\"}}", "application/json");

        assertThat(fetched(adapter.fetch("tikzlike", Validators.NONE)).versions()).extracting(UpstreamVersion::number)
                .containsExactly("2020-01-02");
    }

    @Test
    void anErrorsAnswerIsMissingAndAnythingElseUnreadableIsAFailure() {
        h.fake.serveBody("/json/2.0/pkg/nothing", "{\"errors\":[\"package not found\"]}", "application/json");
        assertThat(adapter.fetch("nothing", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);

        h.fake.serveBody("/json/2.0/pkg/tikzlike", "[]", "application/json");
        assertThatThrownBy(() -> adapter.fetch("tikzlike", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a CTAN package");
    }
}
