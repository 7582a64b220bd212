package dev.quintet.router.billing;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The free tier at its defaults: 20 requests a minute, 50 a day, 1,000 a day after 10 USD of grants (counted within
 * 30 seconds of the grant).
 */
class FreeTierTest {

    static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    static RouterFixture router;

    @BeforeAll
    static void start() throws Exception {
        router = RouterFixture.start(CLOCK, "--quintet.router.free.per-minute=20");
    }

    @AfterAll
    static void stop() {
        router.close();
    }

    private HttpResponse<String> chat(TestCaller caller, String model) {
        return Http.send("POST", router.url() + "/api/v1/chat/completions", "{\"model\":\"" + model + "\"," + HI + "}",
                caller.auth());
    }

    private void spend(TestCaller caller, int requests) {
        for (int i = 0; i < requests; i++) {
            assertThat(chat(caller, "test/free").statusCode()).as("free request %d", i + 1).isEqualTo(200);
        }
    }

    private static long secondsTo(Instant end) {
        return Duration.between(CLOCK.instant(), end).toSeconds();
    }

    @Test
    void freeModelsNeedNoCredit() {
        TestCaller broke = router.newCaller();

        assertThat(chat(broke, "test/free").statusCode()).isEqualTo(200);
        assertThat(chat(broke, "test/ok:free").statusCode()).isEqualTo(200);
        assertThat(chat(broke, "test/ok").statusCode()).isEqualTo(402);
        assertThat(router.credits().entries(broke.accountId(), 10)).isEmpty();
    }

    @Test
    void theKeysOfOneAccountShareItsAllowance() {
        CLOCK.set(CLOCK.instant().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)).plusSeconds(15));
        TestCaller first = router.newCaller();
        spend(first, 20);

        HttpResponse<String> refused = chat(router.anotherKeyOf(first), "test/free");

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat((String) JsonPath.read(refused.body(), "$.error.message")).contains("per minute per account");
        assertThat(chat(router.newCaller(), "test/free").statusCode()).as("another account").isEqualTo(200);
    }

    @Test
    void answers429WithRetryAfterOnceTheMinuteAllowanceIsSpent() {
        CLOCK.set(CLOCK.instant().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)).plusSeconds(15));
        TestCaller caller = router.newCaller();
        router.credits().grant(caller.accountId(), BigDecimal.ONE, "test");
        spend(caller, 20);

        HttpResponse<String> refused = chat(caller, "test/free");

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("45");
        assertThat((String) JsonPath.read(refused.body(), "$.error.type")).isEqualTo("rate_limit_error");
        assertThat((String) JsonPath.read(refused.body(), "$.error.message")).contains("20 requests per minute");
        assertThat(chat(caller, "test/ok").statusCode()).as("paid models are not rationed").isEqualTo(200);
        CLOCK.advance(Duration.ofSeconds(45));
        assertThat(chat(caller, "test/free").statusCode()).isEqualTo(200);
    }

    @Test
    void allows50FreeRequestsADayThen1000OnceTheAccountWasGranted10Usd() {
        CLOCK.set(CLOCK.instant().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)));
        TestCaller caller = router.newCaller();
        router.credits().grant(caller.accountId(), new BigDecimal("9.99"), "test");
        for (int minute = 0; minute < 3; minute++) {
            spend(caller, minute < 2 ? 20 : 10);
            CLOCK.advance(Duration.ofMinutes(1));
        }

        HttpResponse<String> refused = chat(caller, "test/free");
        Instant midnight = CLOCK.instant().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue(Long.toString(secondsTo(midnight)));
        assertThat((String) JsonPath.read(refused.body(), "$.error.message"))
                .contains("50 requests per UTC day", "1000 once the account has been granted at least 10 USD");
        router.credits().grant(caller.accountId(), new BigDecimal("0.01"), "test");
        assertThat(chat(caller, "test/free").statusCode()).as("the account was found short of 10 USD just now")
                .isEqualTo(429);
        CLOCK.advance(FreeTier.RECHECK_AFTER.plusSeconds(1));
        assertThat(chat(caller, "test/free").statusCode()).isEqualTo(200);
    }

    @Test
    void theDailyAllowanceStartsAfreshAtMidnightUtc() {
        CLOCK.set(CLOCK.instant().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1)).minusSeconds(240));
        TestCaller caller = router.newCaller();
        for (int minute = 0; minute < 3; minute++) {
            spend(caller, minute < 2 ? 20 : 10);
            CLOCK.advance(Duration.ofMinutes(1));
        }
        assertThat(chat(caller, "test/free").statusCode()).isEqualTo(429);

        CLOCK.advance(Duration.ofMinutes(1));

        assertThat(chat(caller, "test/free").statusCode()).isEqualTo(200);
    }
}
