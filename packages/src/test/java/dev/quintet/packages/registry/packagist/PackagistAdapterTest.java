package dev.quintet.packages.registry.packagist;

import static dev.quintet.packages.registry.AdapterHarness.fetched;
import static dev.quintet.packages.registry.AdapterHarness.version;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.AdapterHarness;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PackagistAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final PackagistAdapter adapter = new PackagistAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/p2/acme/mailer.json", "packagist/acme-mailer.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void expandsTheMinifiedVersionList() {
        UpstreamProject p = fetched(adapter.fetch("Acme/Mailer", Validators.NONE));

        assertThat(p.name()).isEqualTo("acme/mailer");
        assertThat(p.versions()).extracting(UpstreamVersion::number)
                .containsExactly("v2.1.0", "v2.1.0-RC1", "v2.0.0", "v1.4.2");
        assertThat(p.description()).isEqualTo("Sends mail.");
        assertThat(p.homepage()).isEqualTo("https://acme.example/mailer");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/acme/mailer");
        assertThat(p.keywords()).containsExactly("mail", "smtp");
        assertThat(p.licenses()).containsExactly("MIT");
        assertThat(version(p, "v2.1.0-RC1").publishedAt()).isEqualTo(Instant.parse("2026-03-15T12:00:00Z"));
        assertThat(version(p, "v2.1.0-RC1").license()).isEqualTo("MIT");
        assertThat(version(p, "v1.4.2").license()).isEqualTo("LGPL-2.1-only OR GPL-3.0-or-later");
    }

    @Test
    void inheritsAndUnsetsDependenciesAndLeavesOutPlatformRequirements() {
        UpstreamProject p = fetched(adapter.fetch("acme/mailer", Validators.NONE));

        assertThat(version(p, "v2.1.0").dependencies()).containsExactly(
                new UpstreamDependency("psr/log", "^2.0 || ^3.0", "runtime", false),
                new UpstreamDependency("phpunit/phpunit", "^10.5", "development", false));
        assertThat(version(p, "v2.1.0-RC1").dependencies()).isEqualTo(version(p, "v2.1.0").dependencies());
        assertThat(version(p, "v2.0.0").dependencies())
                .containsExactly(new UpstreamDependency("psr/log", "^2.0", "runtime", false));
    }

    @Test
    void marksAbandonedPackagesDeprecated() {
        h.fake.serveBody("/p2/acme/old.json", """
                {"minified":"composer/2.0","packages":{"acme/old":[
                  {"name":"acme/old","version":"1.0.0","abandoned":"acme/new"}]}}""", "application/json");
        UpstreamProject p = fetched(adapter.fetch("acme/old", Validators.NONE));

        assertThat(p.status()).isEqualTo("deprecated");
        assertThat(adapter.fetch("acme/none", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }
}
