package dev.quintet.packages.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.testing.FakeUpstream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/** One fake registry on an ephemeral port and an upstream client pointed at it, for adapter tests. */
public final class AdapterHarness implements AutoCloseable {

    public final FakeUpstream fake = FakeUpstream.start();
    public final UpstreamHttp http = new UpstreamHttp(HttpClient.newHttpClient(), Duration.ofSeconds(5), "quintet-packages-test");

    public URI base() {
        return URI.create(fake.baseUrl());
    }

    /** The project of a full answer; fails the test on any other answer. */
    public static UpstreamProject fetched(ProjectFetch answer) {
        assertThat(answer).isInstanceOf(ProjectFetch.Fetched.class);
        return ((ProjectFetch.Fetched) answer).project();
    }

    public static Validators validators(ProjectFetch answer) {
        return ((ProjectFetch.Fetched) answer).validators();
    }

    public static UpstreamVersion version(UpstreamProject project, String number) {
        return project.versions().stream().filter(v -> v.number().equals(number)).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        fake.close();
    }
}
