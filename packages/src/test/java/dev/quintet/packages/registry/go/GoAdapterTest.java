package dev.quintet.packages.registry.go;

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
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GoAdapterTest {

    private static final String MODULE = "/example.com/!tools/@v/";

    private final AdapterHarness h = new AdapterHarness();
    private final GoAdapter adapter = new GoAdapter(h.base(), h.http);

    @AfterEach
    void stop() {
        h.close();
    }

    private void serveTools() {
        h.fake.serve(MODULE + "list", "go/list.txt", "text/plain")
                .serve(MODULE + "v1.10.0.mod", "go/v1.10.0.mod", "text/plain")
                .serve(MODULE + "v1.0.0.mod", "go/v1.0.0.mod", "text/plain");
        for (String v : List.of("v1.0.0", "v1.1.0", "v1.2.0", "v1.3.0-beta.1", "v1.10.0")) {
            h.fake.serve(MODULE + v + ".info", "go/" + v + ".info", "application/json");
        }
    }

    @Test
    void readsTheVersionListWithDatesInSemverOrderUnderTheCaseEncodedPath() {
        serveTools();
        UpstreamProject p = fetched(adapter.fetch("example.com/Tools", Validators.NONE));

        assertThat(p.name()).isEqualTo("example.com/Tools");
        assertThat(p.versions()).extracting(UpstreamVersion::number)
                .containsExactly("v1.0.0", "v1.1.0", "v1.2.0", "v1.3.0-beta.1", "v1.10.0");
        assertThat(version(p, "v1.10.0").publishedAt()).isEqualTo(Instant.parse("2025-06-05T12:00:00Z"));
        assertThat(version(p, "v1.0.0").publishedAt()).isEqualTo(Instant.parse("2024-01-05T12:00:00Z"));
        assertThat(p.licenses()).isEmpty();
    }

    @Test
    void readsDirectRequirementsRetractionsAndDeprecationFromTheNewestGoMod() {
        serveTools();
        UpstreamProject p = fetched(adapter.fetch("example.com/Tools", Validators.NONE));

        assertThat(version(p, "v1.10.0").dependencies()).containsExactly(
                new UpstreamDependency("github.com/google/go-cmp", "v0.6.0", "runtime", false),
                new UpstreamDependency("example.com/quoted", "v1.0.0", "runtime", false),
                new UpstreamDependency("github.com/pkg/errors", "v0.9.1", "runtime", false));
        assertThat(version(p, "v1.1.0").status()).isEqualTo("yanked");
        assertThat(version(p, "v1.2.0").status()).isEqualTo("yanked");
        assertThat(version(p, "v1.0.0").status()).isNull();
        assertThat(p.status()).isEqualTo("deprecated");
    }

    @Test
    void readsOtherVersionsRequirementsOnDemand() {
        serveTools();
        assertThat(adapter.dependencies("example.com/Tools", "v1.0.0"))
                .containsExactly(new UpstreamDependency("github.com/google/go-cmp", "v0.5.4", "runtime", false));
    }

    @Test
    void namesRepositoriesOfWellKnownHostsAndAsksConditionally() {
        assertThat(GoAdapter.repository("github.com/aws/smithy-go/aws")).isEqualTo("https://github.com/aws/smithy-go");
        assertThat(GoAdapter.repository("golang.org/x/text")).isEqualTo("https://go.googlesource.com/text");
        assertThat(GoAdapter.repository("example.com/Tools")).isNull();
        assertThat(GoAdapter.escape("github.com/BurntSushi/toml")).isEqualTo("github.com/!burnt!sushi/toml");

        serveTools();
        ProjectFetch first = adapter.fetch("example.com/Tools", Validators.NONE);
        assertThat(adapter.fetch("example.com/Tools", validators(first))).isInstanceOf(ProjectFetch.NotModified.class);
        assertThat(adapter.fetch("example.com/nothing", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }

    @Test
    void fallsBackToLatestForModulesWithoutTags() {
        h.fake.serveBody("/example.com/untagged/@v/list", "", "text/plain")
                .serveBody("/example.com/untagged/@latest",
                        "{\"Version\":\"v0.0.0-20240101120000-abcdefabcdef\",\"Time\":\"2024-01-01T12:00:00Z\"}", "application/json")
                .serveBody("/example.com/untagged/@v/v0.0.0-20240101120000-abcdefabcdef.info",
                        "{\"Version\":\"v0.0.0-20240101120000-abcdefabcdef\",\"Time\":\"2024-01-01T12:00:00Z\"}", "application/json")
                .serveBody("/example.com/untagged/@v/v0.0.0-20240101120000-abcdefabcdef.mod", "module example.com/untagged\n", "text/plain");

        UpstreamProject p = fetched(adapter.fetch("example.com/untagged", Validators.NONE));
        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("v0.0.0-20240101120000-abcdefabcdef");
        assertThat(p.versions().getFirst().publishedAt()).isEqualTo(Instant.parse("2024-01-01T12:00:00Z"));
    }
}
