package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterSettings;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

@RouterSettings("--quintet.router.free.per-day=50")
class KeyApiTest extends RouterTest {

    private static void served(TestCaller caller, String model) {
        assertThat(chat(caller, "{\"model\":\"" + model + "\"," + HI + "}").statusCode()).isEqualTo(200);
    }

    @Test
    void keyReportsItsLabelSpendingAndFreeModelAllowance() {
        TestCaller caller = callerWith("20");
        served(caller, "test/ok");
        served(caller, "test/ok");
        served(caller, "test/free");

        HttpResponse<String> response = Http.get(router.url() + "/api/v1/key", caller.auth());
        String body = response.body();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.data.label")).isEqualTo("test");
        for (String window : new String[] {"usage", "usage_daily", "usage_weekly", "usage_monthly"}) {
            assertThat(Json.decimal(body, "/data/" + window)).as(window).isEqualByComparingTo("0.000026");
        }
        assertThat((Boolean) JsonPath.read(body, "$.data.is_free_tier")).isFalse();
        assertThat(body).contains("\"limit\":null", "\"limit_remaining\":null", "\"expires_at\":null",
                "\"is_provisioning_key\":false", "\"creator_user_id\":null");
        assertThat((Integer) JsonPath.read(body, "$.data.rate_limit.requests")).isEqualTo(-1);
        assertThat((Integer) JsonPath.read(body, "$.data.free_model_limits.requests_per_minute")).isEqualTo(20);
        assertThat((Integer) JsonPath.read(body, "$.data.free_model_limits.requests_per_day")).isEqualTo(1000);
    }

    @Test
    void keyThatExpiresSaysWhen() {
        Account account = router.platform().newAccount();
        IssuedKey key = router.platform().bean(ApiKeys.class).createForConsole(account.id(), "router",
                Duration.ofHours(1));

        String body = Http.get(router.url() + "/api/v1/key", "Authorization", "Bearer " + key.secret()).body();

        assertThat(Instant.parse(JsonPath.read(body, "$.data.expires_at")))
                .isCloseTo(key.key().expiresAt(), within(1, ChronoUnit.MILLIS));
    }

    @Test
    void keyOfAnAccountNeverGrantedCreditIsOnTheFreeTier() {
        TestCaller caller = router.newCaller();

        String body = Http.get(router.url() + "/v1/key", caller.auth()).body();

        assertThat((Boolean) JsonPath.read(body, "$.data.is_free_tier")).isTrue();
        assertThat(Json.decimal(body, "/data/usage")).isZero();
        assertThat((Integer) JsonPath.read(body, "$.data.free_model_limits.requests_per_day")).isEqualTo(50);
    }

    @Test
    void creditsReportsWhatTheAccountWasGrantedAndHasSpent() {
        TestCaller caller = callerWith("20");
        router.credits().grant(caller.accountId(), new BigDecimal("5.5"), "test");
        served(caller, "test/ok");

        HttpResponse<String> response = Http.get(router.url() + "/api/v1/credits", caller.auth());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Json.decimal(response.body(), "/data/total_credits")).isEqualByComparingTo("25.5");
        assertThat(Json.decimal(response.body(), "/data/total_usage")).isEqualByComparingTo("0.000013");
        assertThat(response.body()).contains("\"total_usage\":0.000013");
    }

    /** Charges are made behind the answer; here the writer is held up until after the credits were asked for. */
    @Test
    void creditsCountTheChargeOfAnAnswerJustGiven() throws Exception {
        TestCaller caller = callerWith("20");
        HttpResponse<String> credits;
        try (Connection blocker = router.platform().bean(DataSource.class).getConnection();
             ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            blocker.setAutoCommit(false);
            blocker.createStatement().execute("LOCK TABLE router.generations IN EXCLUSIVE MODE");
            served(caller, "test/ok"); // its charge waits for the table
            Future<HttpResponse<String>> asked = pool.submit(() ->
                    Http.get(router.url() + "/api/v1/credits", caller.auth()));
            Thread.sleep(500);
            blocker.rollback();
            credits = asked.get(30, TimeUnit.SECONDS);
        }

        assertThat(Json.decimal(credits.body(), "/data/total_usage")).isEqualByComparingTo("0.000013");
    }

    @Test
    void keyAndCreditsNeedAKey() {
        assertThat(Http.get(router.url() + "/api/v1/key").statusCode()).isEqualTo(401);
        assertThat(Http.get(router.url() + "/api/v1/credits").statusCode()).isEqualTo(401);
    }
}
