package dev.quintet.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.catalog.Pricing;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.ProviderInfo;
import dev.quintet.router.providers.WireFormat;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FallbackTest {

    private static UpstreamFailure limited(Optional<Duration> retryAfter) {
        return new UpstreamFailure(null, 429, "rate limited", retryAfter, "", 0);
    }

    private static Candidate candidate() {
        Endpoint endpoint = new Endpoint("p", "m", Pricing.of(BigDecimal.ZERO, BigDecimal.ZERO), null, null, null);
        Model model = new Model("a/m", null, 0, null, null, List.of("text"), List.of("text"), List.of(endpoint));
        ProviderInfo provider = new ProviderInfo("p", null, URI.create("http://localhost"), null, WireFormat.OPENAI,
                null);
        return new Candidate(model, endpoint, new Connection(provider, null));
    }

    @Test
    void blamesNeitherTheInputNorTheKeysWhenAFlaggingAndARejectedKeyMix() {
        UpstreamFailure flagged = new UpstreamFailure(candidate(), 403, "flagged", Optional.empty(),
                UpstreamFailure.FLAGGED, 0);
        UpstreamFailure rejected = new UpstreamFailure(candidate(), 401, "bad key", Optional.empty(), "", 0);

        assertThat(Fallback.exhausted(List.of(flagged)).toError().code()).isEqualTo(UpstreamFailure.FLAGGED);
        assertThat(Fallback.exhausted(List.of(rejected)).toError().code()).isEqualTo("upstream_credentials_rejected");
        assertThat(Fallback.exhausted(List.of(flagged, rejected)).toError().code()).isEqualTo("upstream_failed");
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
