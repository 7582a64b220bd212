package dev.quintet.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FallbackTest {

    private static UpstreamFailure limited(Optional<Duration> retryAfter) {
        return new UpstreamFailure(null, 429, "rate limited", retryAfter, "", 0);
    }

    @Test
    void retryAfterIsTheShortestWaitAProviderAskedFor() {
        assertThat(Fallback.retryAfterSeconds(List.of(limited(Optional.of(Duration.ofSeconds(30))),
                limited(Optional.of(Duration.ofSeconds(7)))))).isEqualTo(7);
    }

    @Test
    void retryAfterIsAtLeastOneSecondAndTheDefaultWhenNoProviderSaid() {
        assertThat(Fallback.retryAfterSeconds(List.of(limited(Optional.of(Duration.ZERO))))).isEqualTo(1);
        assertThat(Fallback.retryAfterSeconds(List.of(limited(Optional.of(Duration.ofMillis(400)))))).isEqualTo(1);
        assertThat(Fallback.retryAfterSeconds(List.of(limited(Optional.empty()))))
                .isEqualTo(Fallback.DEFAULT_RETRY.toSeconds());
    }
}
