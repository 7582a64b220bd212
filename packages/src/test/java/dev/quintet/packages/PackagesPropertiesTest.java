package dev.quintet.packages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.debian.DebianIndex;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The Debian settings as they bind from environment variables, and their defaults. */
class PackagesPropertiesTest {

    static PackagesProperties bind(Map<String, Object> environment) {
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment));
        return new Binder(ConfigurationPropertySources.from(sources))
                .bindOrCreate("quintet.packages", PackagesProperties.class);
    }

    @Test
    void ingestsStableMainAmd64DailyByDefault() {
        PackagesProperties.Debian debian = bind(Map.of()).debian();

        assertThat(debian.indexes()).containsExactly(new DebianIndex("stable", "main", "amd64"));
        assertThat(debian.ingestOnSchedule()).isTrue();
        assertThat(debian.ingestInterval()).isEqualTo(Duration.ofHours(24));
        assertThat(debian.ingestRetry()).isEqualTo(Duration.ofMinutes(15));
        assertThat(debian.ingestCheck()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void bindsTheDocumentedEnvironmentVariables() {
        PackagesProperties p = bind(Map.of(
                "QUINTET_PACKAGES_DEBIAN_SUITES", "stable,testing",
                "QUINTET_PACKAGES_DEBIAN_COMPONENTS", "main,contrib",
                "QUINTET_PACKAGES_DEBIAN_ARCHITECTURES", "arm64",
                "QUINTET_PACKAGES_DEBIAN_INGEST_ON_SCHEDULE", "false",
                "QUINTET_PACKAGES_DEBIAN_INGEST_INTERVAL", "6h",
                "QUINTET_PACKAGES_DEBIAN_INGEST_RETRY", "30m",
                "QUINTET_PACKAGES_DEBIAN_INGEST_CHECK", "1m",
                "QUINTET_PACKAGES_UPSTREAMS_DEBIAN", "http://mirror.example/debian"));

        assertThat(p.debian().indexes()).containsExactly(new DebianIndex("stable", "main", "arm64"),
                new DebianIndex("stable", "contrib", "arm64"), new DebianIndex("testing", "main", "arm64"),
                new DebianIndex("testing", "contrib", "arm64"));
        assertThat(p.debian().ingestOnSchedule()).isFalse();
        assertThat(p.debian().ingestInterval()).isEqualTo(Duration.ofHours(6));
        assertThat(p.debian().ingestRetry()).isEqualTo(Duration.ofMinutes(30));
        assertThat(p.debian().ingestCheck()).isEqualTo(Duration.ofMinutes(1));
        assertThat(p.upstream(Ecosystem.DEBIAN)).hasToString("http://mirror.example/debian");
        assertThat(bind(Map.of("QUINTET_PACKAGES_DEBIAN_INGESTINTERVAL", "2h")).debian().ingestInterval())
                .isEqualTo(Duration.ofHours(2));
    }

    @Test
    void refusesAnIndexThatIsNotAWord() {
        PackagesProperties p = bind(Map.of("QUINTET_PACKAGES_DEBIAN_SUITES", "../etc"));

        assertThatThrownBy(() -> p.debian().indexes()).hasMessageContaining("lower-case words")
                .hasMessageContaining("../etc");
    }
}
