package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.billing.KeyLimit;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.LimitReset;
import dev.quintet.router.generations.Generations;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Spending limits of keys: what they refuse, what they never let through, and what {@code GET /key} says. */
class KeyLimitsTest extends RouterTest {

    private static final String PAID = "{\"model\":\"test/ok\",\"max_tokens\":10," + HI + "}";

    private static void limit(TestCaller caller, String usd, LimitReset reset) {
        router.bean(KeyLimits.class).update(caller.accountId(), caller.keyId(),
                current -> Optional.of(new KeyLimit(new BigDecimal(usd), reset)));
    }

    private static String key(TestCaller caller) {
        return Http.get(router.url() + "/api/v1/key", caller.auth()).body();
    }

    private static void spent(TestCaller caller, LocalDate day, String usd) {
        router.platform().bean(JdbcClient.class).sql("""
                INSERT INTO router.key_spending AS s (key_id, day, shard, spent_usd) VALUES (:key, :day, 0, :usd)
                ON CONFLICT (key_id, day, shard) DO UPDATE SET spent_usd = s.spent_usd + EXCLUDED.spent_usd""")
                .param("key", caller.keyId()).param("day", day).param("usd", new BigDecimal(usd)).update();
    }

    /** Holds on the caller's key not ended yet, once the answers given so far are charged (behind the answer). */
    private static long heldRows(TestCaller caller) {
        router.bean(Generations.class).flush();
        return router.platform().bean(JdbcClient.class).sql("SELECT count(*) FROM router.key_holds WHERE key_id = :key")
                .param("key", caller.keyId()).query(Long.class).single();
    }

    @Test
    void aSpentLimitRefusesPaidRequestsInOpenRoutersWordsAndKeyReportsIt() {
        TestCaller caller = callerWith("20");
        assertThat(chat(caller, PAID).statusCode()).isEqualTo(200);
        router.bean(Generations.class).flush(); // its charge, made behind the answer
        limit(caller, "0.000013", null); // what that request cost

        HttpResponse<String> refused = chat(caller, PAID);
        String key = key(caller);

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(message(refused)).startsWith("Key limit exceeded (total limit)").contains("0.000013 USD");
        assertThat(Json.decimal(key, "/data/limit")).isEqualByComparingTo("0.000013");
        assertThat(Json.decimal(key, "/data/limit_remaining")).isZero();
        assertThat(key).contains("\"limit_reset\":null");
        assertThat(Json.decimal(key, "/data/usage")).isEqualByComparingTo("0.000013");
        assertThat(chat(caller, "{\"model\":\"test/free\"," + HI + "}").statusCode()).as("free models cost nothing")
                .isEqualTo(200);
    }

    @Test
    void aLimitThatCannotCoverTheWorstCaseSaysHowManyTokensItAffords() {
        TestCaller caller = callerWith("20");
        limit(caller, "0.00004", LimitReset.MONTHLY);

        HttpResponse<String> refused = chat(caller, "{\"model\":\"test/ok\",\"max_tokens\":100," + HI + "}");

        assertThat(refused.statusCode()).isEqualTo(402);
        assertThat(message(refused)).startsWith("This request requires more credits, or fewer max_tokens. "
                + "You requested up to 100 tokens, but can only afford ").contains("monthly limit of 0.00004 USD")
                .contains("it resets at " + LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1).plusMonths(1)
                        + "T00:00:00Z");
        int affordable = Integer.parseInt(message(refused).replaceAll(".*can only afford (\\d+):.*", "$1"));
        assertThat(affordable).isBetween(1, 99);
        assertThat(chat(caller, "{\"model\":\"test/ok\",\"max_tokens\":" + affordable + "," + HI + "}").statusCode())
                .as("as many tokens as it said fit").isEqualTo(200);
        assertThat(heldRows(caller)).isZero();
    }

    @Test
    void whatRequestsUnderWayHoldIsA429ToRetryNotASpentLimit() {
        TestCaller caller = callerWith("20");
        limit(caller, "0.0001", LimitReset.DAILY);
        JdbcClient jdbc = router.platform().bean(JdbcClient.class);
        UUID underWay = UUID.randomUUID();
        jdbc.sql("""
                INSERT INTO router.key_holds (id, key_id, amount_usd, expires_at)
                VALUES (:id, :key, 0.00009, now() + interval '1 hour')""")
                .param("id", underWay).param("key", caller.keyId()).update();

        HttpResponse<String> held = chat(caller, PAID);
        jdbc.sql("DELETE FROM router.key_holds WHERE id = :id").param("id", underWay).update();

        assertThat(held.statusCode()).isEqualTo(429);
        assertThat(held.headers().firstValue("Retry-After")).contains("2");
        assertThat(message(held)).contains("0.00009 USD is held by them").contains("limit of 0.0001 USD has 0.0001 USD");
        assertThat(chat(caller, PAID).statusCode()).as("once they ended").isEqualTo(200);
    }

    @Test
    void concurrentRequestsNeverSpendMoreThanTheLimit() throws Exception {
        TestCaller caller = callerWith("20");
        String limit = "0.0001"; // two requests' worst case (0.000039: 19 prompt, 10 completion tokens at most)
        limit(caller, limit, LimitReset.DAILY);

        List<Integer> statuses;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> sent = IntStream.range(0, 24)
                    .mapToObj(i -> pool.submit(() -> chat(caller, PAID).statusCode())).toList();
            statuses = sent.stream().map(f -> {
                try {
                    return f.get();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }).toList();
        }
        String key = key(caller);

        assertThat(statuses).isSubsetOf(200, 402, 403, 429).contains(200).containsAnyOf(402, 403, 429);
        BigDecimal spent = Json.decimal(key, "/data/usage_daily");
        assertThat(spent).isLessThanOrEqualTo(new BigDecimal(limit))
                .isEqualByComparingTo(new BigDecimal("0.000013").multiply(
                        BigDecimal.valueOf(statuses.stream().filter(s -> s == 200).count())));
        assertThat(Json.decimal(key, "/data/limit_remaining")).isEqualByComparingTo(new BigDecimal(limit).subtract(spent));
        assertThat(heldRows(caller)).isZero();
    }

    @Test
    void aWindowCountsOnlyWhatWasSpentInIt() {
        TestCaller caller = callerWith("20");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        LocalDate monday = LimitReset.WEEKLY.start(today);
        spent(caller, monday.minusDays(1), "0.9"); // the Sunday before: last week
        spent(caller, monday, "0.5");
        limit(caller, "1", LimitReset.WEEKLY);

        assertThat(chat(caller, PAID).statusCode()).as("0.5 left this week").isEqualTo(200);
        assertThat(Json.decimal(key(caller), "/data/limit_remaining")).isEqualByComparingTo("0.499987");
        assertThat(Json.decimal(key(caller), "/data/usage_weekly")).isEqualByComparingTo("0.500013");

        limit(caller, "1", null);
        assertThat(chat(caller, PAID).statusCode()).as("1.400013 spent in all").isEqualTo(403);
        limit(caller, "0.2", LimitReset.DAILY);
        int expected = today.equals(monday) ? 403 : 200; // Monday's 0.5 is today's then
        assertThat(chat(caller, PAID).statusCode()).isEqualTo(expected);
    }

    @Test
    void aFailedRequestReleasesItsHoldOnTheLimit() {
        TestCaller caller = callerWith("20");
        limit(caller, "0.00005", null);

        HttpResponse<String> failed = chat(caller, "{\"model\":\"test/paid-500\",\"max_tokens\":10," + HI + "}");
        assertThat(failed.statusCode()).isEqualTo(502);
        assertThat((String) JsonPath.read(failed.body(), "$.error.metadata.reason")).isEqualTo("upstream_failed");

        assertThat(heldRows(caller)).isZero();
        assertThat(chat(caller, PAID).statusCode()).isEqualTo(200);
    }

    @Test
    void onlyTheConsolesKeysManageLimits() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> listed = Http.get(router.url() + "/api/v1/keys", caller.auth());
        HttpResponse<String> patched = Http.send("PATCH", router.url() + "/api/v1/keys/" + caller.keyId(),
                "{\"limit\":100}", caller.auth());

        assertThat(listed.statusCode()).isEqualTo(403);
        assertThat(patched.statusCode()).isEqualTo(403);
        assertThat(message(patched)).contains("management key");
        assertThat(router.bean(KeyLimits.class).of(caller.keyId())).isEmpty();
    }

    @Test
    void theConsoleListsKeysAndSetsAndRemovesLimits() {
        TestCaller caller = callerWith("1");
        assertThat(chat(caller, PAID).statusCode()).isEqualTo(200);
        String[] console = consoleAuth(caller);
        String url = router.url() + "/api/v1/keys/" + caller.keyId();

        HttpResponse<String> set = Http.send("PATCH", url, "{\"limit\":2.5,\"limit_reset\":\"monthly\"}", console);
        String listed = Http.get(router.url() + "/api/v1/keys", console).body();
        HttpResponse<String> resetOnly = Http.send("PATCH", url, "{\"limit_reset\":\"daily\"}", console);

        assertThat(set.statusCode()).isEqualTo(200);
        assertThat(Json.decimal(set.body(), "/data/limit")).isEqualByComparingTo("2.5");
        assertThat(Json.decimal(set.body(), "/data/limit_remaining")).isEqualByComparingTo("2.499987");
        assertThat((String) JsonPath.read(set.body(), "$.data.limit_reset")).isEqualTo("monthly");
        assertThat((String) JsonPath.read(set.body(), "$.data.hash")).isEqualTo(caller.keyId().toString());
        assertThat((List<String>) JsonPath.read(listed, "$.data[*].hash")).containsExactly(caller.keyId().toString());
        assertThat(Json.decimal(listed, "/data/0/usage_monthly")).isEqualByComparingTo("0.000013");
        assertThat((String) JsonPath.read(resetOnly.body(), "$.data.limit_reset")).isEqualTo("daily");
        assertThat(Json.decimal(resetOnly.body(), "/data/limit")).isEqualByComparingTo("2.5");
        assertThat((String) JsonPath.read(key(caller), "$.data.limit_reset")).isEqualTo("daily");

        HttpResponse<String> limitOnly = Http.send("PATCH", url, "{\"limit\":3}", console);
        assertThat(Json.decimal(limitOnly.body(), "/data/limit")).isEqualByComparingTo("3");
        assertThat((String) JsonPath.read(limitOnly.body(), "$.data.limit_reset")).as("kept").isEqualTo("daily");
        HttpResponse<String> total = Http.send("PATCH", url, "{\"limit_reset\":null}", console);
        assertThat(total.body()).contains("\"limit_reset\":null");
        assertThat(Json.decimal(total.body(), "/data/limit")).isEqualByComparingTo("3");
        assertThat(Json.decimal(total.body(), "/data/limit_remaining")).as("counts all it spent")
                .isEqualByComparingTo("2.999987");

        HttpResponse<String> removed = Http.send("PATCH", url, "{\"limit\":null}", console);

        assertThat(removed.body()).contains("\"limit\":null", "\"limit_remaining\":null", "\"limit_reset\":null");
        assertThat(key(caller)).contains("\"limit\":null");
    }

    @Test
    void badLimitsAreRefusedNamingTheField() {
        TestCaller caller = callerWith("1");
        String[] console = consoleAuth(caller);
        String url = router.url() + "/api/v1/keys/" + caller.keyId();

        assertRefused(Http.send("PATCH", url, "{\"limit\":-1}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":\"5\"}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":0.000000001}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":1e7}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":1e400}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":1e-400}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":-1e400}", console), 400, "limit");
        assertRefused(Http.send("PATCH", url, "{\"limit\":0.1000000000000000055511151231257827}", console), 400,
                "limit");
        HttpResponse<String> tiny = Http.send("PATCH", url, "{\"limit\":1e-999999999}", console);
        assertRefused(tiny, 400, "limit");
        assertThat(message(tiny)).hasSizeLessThan(300);
        assertRefused(Http.send("PATCH", url, "{\"limit\":5,\"limit_reset\":\"yearly\"}", console), 400,
                "limit_reset");
        assertRefused(Http.send("PATCH", url, "{\"limit_reset\":\"daily\"}", console), 400, "limit_reset");
        assertRefused(Http.send("PATCH", url, "{\"name\":\"x\"}", console), 400, "name");
        assertRefused(Http.send("PATCH", url, "{\"limit\":null,\"limit_reset\":\"daily\"}", console), 400,
                "limit_reset");
        assertRefused(Http.send("PATCH", url, "{\"include_byok_in_limit\":\"yes\"}", console), 400,
                "include_byok_in_limit");
        assertRefused(Http.send("PATCH", url, "[1]", console), 400, "body");
        assertThat(Http.send("PATCH", url, "{\"limit\":", console).statusCode()).isEqualTo(400);
        TestCaller stranger = callerWith("1");
        assertRefused(Http.send("PATCH", router.url() + "/api/v1/keys/" + stranger.keyId(), "{\"limit\":1}", console),
                404, "hash");
        assertRefused(Http.send("PATCH", router.url() + "/api/v1/keys/not-a-key", "{\"limit\":1}", console), 404,
                "hash");
        assertThat(router.bean(KeyLimits.class).of(caller.keyId())).isEmpty();
        assertThat(router.bean(KeyLimits.class).of(stranger.keyId())).isEmpty();
    }

    private static void assertRefused(HttpResponse<String> response, int status, String param) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
    }

    private static String[] consoleAuth(TestCaller caller) {
        IssuedKey key = router.platform().bean(ApiKeys.class).createForConsole(caller.accountId(), "router",
                Duration.ofHours(1));
        return new String[] {"Authorization", "Bearer " + key.secret(), "Content-Type", "application/json"};
    }
}
