package dev.quintet.packages.registry.cocoapods;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CocoaPodsAdapterTest {

    private final AdapterHarness h = new AdapterHarness();
    private final CocoaPodsAdapter adapter = new CocoaPodsAdapter(h.base(), h.http);

    @BeforeEach
    void serve() {
        h.fake.serve("/all_pods_versions_2_b_e.txt", "cocoapods/all_pods_versions_2_b_e.txt", "text/plain")
                .serve("/Specs/2/b/e/Sparkle2/1.10.0/Sparkle2.podspec.json", "cocoapods/Sparkle2-1.10.0.podspec.json", "application/json");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void shardsByTheMd5OfTheName() {
        assertThat(CocoaPodsAdapter.shard("Sparkle2")).containsExactly("2", "b", "e");
        assertThat(CocoaPodsAdapter.shard("Foo")).containsExactly("1", "3", "5");
    }

    @Test
    void readsTheShardLineAndThePodspecOfTheNewestStableVersion() {
        UpstreamProject p = fetched(adapter.fetch("Sparkle2", Validators.NONE));

        assertThat(p.versions()).extracting(UpstreamVersion::number).containsExactly("1.0.0", "1.2.0", "1.10.0", "2.0.0-beta.1");
        assertThat(p.licenses()).containsExactly("MIT");
        assertThat(p.repositoryUrl()).isEqualTo("https://github.com/example/Sparkle2");
        assertThat(p.description()).isEqualTo("Sparkles for your views.");
        assertThat(version(p, "1.10.0").dependencies()).containsExactly(
                new UpstreamDependency("Alamofire", "~> 5.6", "runtime", false),
                new UpstreamDependency("SnapKit", ">= 0", "runtime", false),
                new UpstreamDependency("Quick", "~> 7.0", "test", false));
    }

    @Test
    void aPodNotOnItsShardIsMissingAndAPrefixDoesNotMatch() {
        assertThat(adapter.fetch("Sparkle", Validators.NONE)).isInstanceOf(ProjectFetch.Missing.class);
    }

    @Test
    void failsNamingTheUpstreamWhenTheShardIsNotAVersionList() {
        h.fake.serveBody("/all_pods_versions_2_b_e.txt", "<html><body>oops</body></html>", "text/html");

        assertThatThrownBy(() -> adapter.fetch("Sparkle2", Validators.NONE)).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a CocoaPods version shard");
    }

    @Test
    void failsWhenThePodspecIsNotOne() {
        h.fake.serveBody("/Specs/2/b/e/Sparkle2/1.2.0/Sparkle2.podspec.json", "{\"version\":\"1.2.0\"}", "application/json");

        assertThatThrownBy(() -> adapter.dependencies("Sparkle2", "1.2.0")).isInstanceOf(UpstreamFailure.class)
                .hasMessageContaining("not a podspec");
    }
}
