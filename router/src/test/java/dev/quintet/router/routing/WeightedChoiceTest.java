package dev.quintet.router.routing;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.FakeUpstream;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.platform.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The default choice of endpoint, weighted by the inverse square of price, with a fixed seed. */
class WeightedChoiceTest {

    /** Moved a minute on every 50 requests, to stay within the key's per-minute quota. */
    static final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    static RouterFixture router;

    @BeforeAll
    static void start() throws Exception {
        router = RouterFixture.start(clock, "--quintet.router.routing.seed=20260101");
    }

    @AfterAll
    static void stop() {
        router.close();
    }

    @Test
    void picksEndpointsInInverseSquareProportionToTheirPrice() {
        router.fake().clear();
        int requests = 300;
        for (int i = 0; i < requests; i++) {
            if (i % 50 == 0) {
                clock.advance(Duration.ofMinutes(1));
            }
            assertThat(Http.send("POST", router.url() + "/api/v1/chat/completions",
                    "{\"model\":\"test/weighted\"," + HI + "}", router.auth()).statusCode()).isEqualTo(200);
        }

        long cheap = router.fake().received().stream().map(FakeUpstream.Received::path)
                .filter(p -> p.startsWith("/a/")).count();
        long dear = router.fake().received().stream().map(FakeUpstream.Received::path)
                .filter(p -> p.startsWith("/b/")).count();
        // prices 2 and 4 per million tokens: weights 1/4 and 1/16, so the cheaper one is expected 80% of the time
        assertThat(cheap + dear).isEqualTo(requests);
        assertThat(cheap / (double) requests).isBetween(0.72, 0.88);
        assertThat(dear).isPositive();
    }

    @Test
    void sortOrOrderTurnsTheWeightingOff() {
        router.fake().clear();
        clock.advance(Duration.ofMinutes(1));
        for (int i = 0; i < 20; i++) {
            Http.send("POST", router.url() + "/api/v1/chat/completions",
                    "{\"model\":\"test/weighted\",\"provider\":{\"sort\":\"price\"}," + HI + "}", router.auth());
            Http.send("POST", router.url() + "/api/v1/chat/completions",
                    "{\"model\":\"test/weighted\",\"provider\":{\"order\":[\"fake-b\"]}," + HI + "}", router.auth());
        }

        assertThat(router.fake().received()).hasSize(40);
        for (int i = 0; i < 40; i++) {
            assertThat(router.fake().received().get(i).path()).startsWith(i % 2 == 0 ? "/a/" : "/b/");
        }
    }
}
