package dev.quintet.packages.registry.npm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.testing.FakeUpstream;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class NpmAdapterTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void readsVersionsTimesAndLicencesOfARecordedPackument() {
        UpstreamProject p = NpmAdapter.parse(json.readTree(FakeUpstream.resource("npm/is-odd.json")), "is-odd");

        assertThat(p.name()).isEqualTo("is-odd");
        assertThat(p.versions()).extracting(UpstreamVersion::number).contains("0.1.0", "3.0.1");
        UpstreamVersion latest = p.versions().stream().filter(v -> v.number().equals("3.0.1")).findFirst().orElseThrow();
        assertThat(latest.publishedAt()).isBefore(Instant.parse("2026-01-01T00:00:00Z")).isAfter(Instant.parse("2015-01-01T00:00:00Z"));
        assertThat(latest.license()).isEqualTo("MIT");
        assertThat(latest.dependencies()).containsExactly(
                new UpstreamDependency("is-number", "^6.0.0", "runtime", false),
                new UpstreamDependency("gulp-format-md", "^1.0.0", "development", false),
                new UpstreamDependency("mocha", "^3.5.3", "development", false));
        assertThat(p.licenses()).containsExactly("MIT");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/jonschlinkert/is-odd");
    }

    @Test
    void readsOptionalPeerAndDeprecatedFromThePackumentFormat() {
        String doc = """
                {"name":"demo","dist-tags":{"latest":"2.0.0"},
                 "time":{"1.0.0":"2020-01-01T00:00:00.000Z","2.0.0":"2021-01-01T00:00:00.000Z"},
                 "versions":{
                   "1.0.0":{"license":{"type":"ISC"},"deprecated":"use 2"},
                   "2.0.0":{"licenses":[{"type":"MIT"},{"type":"Apache-2.0"}],"repository":"github:acme/demo",
                     "dependencies":{"a":"^1.0.0","fsevents":"^2"},"optionalDependencies":{"fsevents":"^2"},
                     "peerDependencies":{"react":">=18","types":"*"},"peerDependenciesMeta":{"types":{"optional":true}},
                     "devDependencies":{"jest":"29"},"deprecated":false}}}
                """;
        UpstreamProject p = NpmAdapter.parse(json.readTree(doc), "demo");

        UpstreamVersion v1 = p.versions().getFirst();
        UpstreamVersion v2 = p.versions().getLast();
        assertThat(v1.status()).isEqualTo("deprecated");
        assertThat(v1.license()).isEqualTo("ISC");
        assertThat(v2.status()).isNull();
        assertThat(v2.license()).isEqualTo("MIT OR Apache-2.0");
        assertThat(v2.dependencies()).containsExactly(
                new UpstreamDependency("a", "^1.0.0", "runtime", false),
                new UpstreamDependency("fsevents", "^2", "optional", true),
                new UpstreamDependency("react", ">=18", "peer", false),
                new UpstreamDependency("types", "*", "peer", true),
                new UpstreamDependency("jest", "29", "development", false));
        assertThat(p.status()).isEqualTo("active");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/acme/demo");
    }
}
