package dev.quintet.packages.registry.nuget;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.validators;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.testing.FakeUpstream;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NuGetAdapterTest {

    private static final String REGISTRATION = "/v3/registration5-gz-semver2/contoso.utils/";

    private final AdapterHarness h = new AdapterHarness();
    private final NuGetAdapter adapter = new NuGetAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serveGzipped(REGISTRATION + "index.json", body("nuget/index-contoso.json"), "application/json")
                .serveGzipped(REGISTRATION + "page/1.0.0/2.0.0.json", body("nuget/page-contoso.json"), "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private String body(String resource) {
        return FakeUpstream.resource(resource).replace("{{base}}", h.fake.baseUrl());
    }

    @Test
    void readsGzippedIndexAndTheLinkedPageUnderTheLowerCaseId() {
        UpstreamProject p = fetched(adapter.fetch("Contoso.Utils", Validators.NONE));

        assertThat(p.name()).isEqualTo("Contoso.Utils");
        assertThat(p.versions()).extracting(UpstreamVersion::number)
                .containsExactly("1.0.0", "1.5.0", "2.0.0", "2.1.0-beta.1", "2.1.0");
        assertThat(p.description()).isEqualTo("Helpers for Contoso apps.");
        assertThat(p.homepage()).isEqualTo("https://github.com/contoso/utils");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/contoso/utils");
        assertThat(p.licenses()).containsExactly("MIT OR Apache-2.0");
        assertThat(p.keywords()).containsExactly("helpers", "contoso");
        assertThat(p.status()).isEqualTo("active");
    }

    @Test
    void marksUnlistedAsYankedAndDeprecatedVersions() {
        UpstreamProject p = fetched(adapter.fetch("contoso.utils", Validators.NONE));

        assertThat(version(p, "1.5.0").status()).isEqualTo("yanked");
        assertThat(version(p, "1.5.0").publishedAt()).isNull();
        assertThat(version(p, "2.0.0").status()).isEqualTo("deprecated");
        assertThat(version(p, "2.1.0").publishedAt()).isEqualTo(Instant.parse("2026-02-10T10:00:00Z"));
        assertThat(version(p, "1.0.0").license()).isEqualTo("https://www.apache.org/licenses/LICENSE-2.0");
    }

    @Test
    void mergesDependencyGroupsOfAllFrameworksOncePerId() {
        UpstreamProject p = fetched(adapter.fetch("contoso.utils", Validators.NONE));

        assertThat(version(p, "2.1.0").dependencies()).containsExactly(
                new UpstreamDependency("Newtonsoft.Json", "[13.0.1, )", "runtime", false),
                new UpstreamDependency("Contoso.Core", "[2.0.0, 3.0.0)", "runtime", false),
                new UpstreamDependency("System.Memory", "4.5.5", "runtime", false));
        assertThat(version(p, "2.1.0-beta.1").dependencies()).isEmpty();
    }

    @Test
    void asksConditionallyAndReportsUnknownIds() {
        ProjectFetch first = adapter.fetch("contoso.utils", Validators.NONE);
        assertThat(adapter.fetch("contoso.utils", validators(first))).isInstanceOf(ProjectFetch.NotModified.class);
        assertThat(adapter.fetch("nothing.here", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }
}
