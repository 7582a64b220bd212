package dev.quintet.router.routing;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.router.testing.RouterFixture;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Endpoints that fail are passed over for a cool-down that doubles with each failure in a row, up to a cap. */
class CoolDownTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    static RouterFixture router;

    @BeforeAll
    static void start() throws Exception {
        router = RouterFixture.start(clock, "--quintet.router.routing.cool-down=5s",
                "--quintet.router.routing.max-cool-down=60s");
    }

    @AfterAll
    static void stop() {
        router.close();
    }

    @BeforeEach
    void clear() {
        router.fake().clear();
    }

    /** Sends one request for {@code model}; the fake's paths it reached, in order. */
    private List<String> call(String model) {
        router.fake().clear();
        HttpResponse<String> response = Http.send("POST", router.url() + "/api/v1/chat/completions",
                "{\"model\":\"" + model + "\"," + HI + "}", router.auth());
        assertThat(response.statusCode()).as(response.body()).isIn(200, 502);
        return router.fake().reached();
    }

    @Test
    void skipsAFailingEndpointUntilItsCoolDownEndsAndDoublesItOnTheNextFailure() {
        assertThat(call("test/fallback-500")).containsExactly("/a/", "/b/");
        assertThat(call("test/fallback-500")).as("cooling down 5 s").containsExactly("/b/");

        clock.advance(Duration.ofSeconds(6));
        assertThat(call("test/fallback-500")).as("tried again, fails: 10 s").containsExactly("/a/", "/b/");
        clock.advance(Duration.ofSeconds(6));
        assertThat(call("test/fallback-500")).containsExactly("/b/");
        clock.advance(Duration.ofSeconds(5));
        assertThat(call("test/fallback-500")).as("fails a third time: 20 s").containsExactly("/a/", "/b/");
        clock.advance(Duration.ofSeconds(19));
        assertThat(call("test/fallback-500")).containsExactly("/b/");
    }

    @Test
    void capsTheCoolDown() {
        for (int i = 0; i < 8; i++) {
            clock.advance(Duration.ofMinutes(2));
            assertThat(call("test/flaky")).containsExactly("/a/", "/b/");
        }
        clock.advance(Duration.ofSeconds(59));
        assertThat(call("test/flaky")).as("5 s doubled seven times is capped at 60 s").containsExactly("/b/");
        clock.advance(Duration.ofSeconds(2));
        assertThat(call("test/flaky")).containsExactly("/a/", "/b/");
    }

    @Test
    void stillTriesACoolingEndpointWhenNoOtherIsLeft() {
        assertThat(call("test/all-500")).containsExactly("/a/");
        assertThat(call("test/all-500")).containsExactly("/a/");
    }

    @Test
    void reportsUptimeAndCoolDownOnTheEndpointsRoute() {
        clock.advance(Duration.ofHours(1));
        call("test/refused");
        call("test/refused");

        HttpResponse<String> response = Http.get(router.url() + "/api/v1/models/test/refused/endpoints",
                router.auth());

        assertThat(response.statusCode()).isEqualTo(200);
        String dead = "$.data.endpoints[?(@.tag == 'dead')]";
        String live = "$.data.endpoints[?(@.tag == 'fake-b')]";
        assertThat((List<Double>) JsonPath.read(response.body(), dead + ".uptime_last_30m")).containsExactly(0.0);
        assertThat((List<Integer>) JsonPath.read(response.body(), dead + ".requests_last_30m")).containsExactly(1);
        assertThat((List<Integer>) JsonPath.read(response.body(), dead + ".status")).containsExactly(-1);
        assertThat((List<String>) JsonPath.read(response.body(), dead + ".cooling_down_until"))
                .containsExactly(clock.instant().plusSeconds(5).toString());
        assertThat((List<Double>) JsonPath.read(response.body(), live + ".uptime_last_30m")).containsExactly(100.0);
        assertThat((List<Integer>) JsonPath.read(response.body(), live + ".requests_last_30m")).containsExactly(2);
        assertThat((List<Object>) JsonPath.read(response.body(), live + ".latency_last_30m.p50")).hasSize(1);
        assertThat((List<Object>) JsonPath.read(response.body(), live + ".throughput_last_30m.p50")).hasSize(1);

        clock.advance(Duration.ofMinutes(31));
        String later = Http.get(router.url() + "/api/v1/models/test/refused/endpoints", router.auth()).body();
        assertThat((List<Object>) JsonPath.read(later, live + ".uptime_last_30m")).as("outside the window: null")
                .containsExactly((Object) null);
    }
}
