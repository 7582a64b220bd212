package dev.quintet.router.billing;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.HangingUpClient;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BillingTest extends RouterTest {

    /** test/cached's usage at its prices: 300 uncached prompt x 0.000003 + 1,200 cache reads x 0.0000003 + 500 cache
     * writes x 0.00000375 + 400 completion x 0.000015 + 300 reasoning x 0.00002 + 0.0001 per request. */
    static final BigDecimal CACHED_COST = new BigDecimal("0.015235");

    private BigDecimal balance(TestCaller caller) {
        return router.credits().balance(caller.accountId());
    }

    @Test
    void chargesExactlyForCacheWriteCacheReadAndReasoningTokens() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/cached\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Json.decimal(response.body(), "/usage/cost")).isEqualByComparingTo(CACHED_COST);
        assertThat(response.body()).contains("\"cost\":0.015235", "\"cached_tokens\":1200", "\"reasoning_tokens\":300");
        assertThat(balance(caller)).isEqualByComparingTo("0.984765");
        assertThat(router.credits().available(caller.accountId())).isEqualByComparingTo("0.984765");
    }

    @Test
    void putsTheSameCostInTheFinalStreamingUsageChunk() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/cached\",\"stream\":true," + HI + "}");
        List<String> data = RouterFixture.sseData(response);
        String usageChunk = data.get(data.size() - 2);

        assertThat((List<?>) JsonPath.read(usageChunk, "$.choices")).isEmpty();
        assertThat(Json.decimal(usageChunk, "/usage/cost")).isEqualByComparingTo(CACHED_COST);
        assertThat((Integer) JsonPath.read(usageChunk, "$.usage.prompt_tokens")).isEqualTo(2000);
        assertThat(balance(caller)).isEqualByComparingTo("0.984765");
    }

    @Test
    void answers402WithoutCallingTheProviderWhenCreditDoesNotCoverAPaidModel() {
        TestCaller broke = router.newCaller();

        HttpResponse<String> plain = chat(broke, "{\"model\":\"test/ok\"," + HI + "}");
        HttpResponse<String> streamed = chat(broke, "{\"model\":\"test/ok\",\"stream\":true," + HI + "}");

        assertThat(plain.statusCode()).isEqualTo(402);
        assertThat((String) JsonPath.read(plain.body(), "$.error.type")).isEqualTo("payment_required");
        assertThat((Integer) JsonPath.read(plain.body(), "$.error.code")).isEqualTo(402);
        assertThat((String) JsonPath.read(plain.body(), "$.error.message"))
                .contains("test/ok", "may cost up to", "0 USD of credit available", "add credit");
        assertThat(streamed.statusCode()).isEqualTo(402);
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void answers402WhenMaxTokensAsksForMoreThanTheCreditCovers() {
        TestCaller caller = callerWith("0.001");

        HttpResponse<String> tooLong = chat(caller, "{\"model\":\"test/ok\",\"max_tokens\":1000," + HI + "}");
        HttpResponse<String> shortEnough = chat(caller, "{\"model\":\"test/ok\",\"max_tokens\":100," + HI + "}");

        assertThat(tooLong.statusCode()).isEqualTo(402);
        assertThat((String) JsonPath.read(tooLong.body(), "$.error.message")).contains("up to 1000 completion tokens");
        assertThat(shortEnough.statusCode()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "max_tokens beside a smaller max_completion_tokens|test/big|\"max_completion_tokens\":1,\"max_tokens\":100",
            "a limit the endpoint does not take|test/nolimit|\"max_tokens\":1"})
    void holdsForTheLongestAnswerTheProviderMayGive(String name, String model, String limits) {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"" + model + "\"," + limits + "," + HI + "}");

        // 5 prompt x 0.000001 + 100 completion x 0.000002, not cut to a hold for one completion token
        assertThat(Json.decimal(response.body(), "/usage/cost")).isEqualByComparingTo("0.000205");
        assertThat(balance(caller)).isEqualByComparingTo("0.999795");
    }

    @Test
    void concurrentPaidRequestsNeverSpendMoreThanTheBalance() throws Exception {
        TestCaller caller = callerWith("0.001");
        String body = "{\"model\":\"test/big\",\"max_tokens\":100," + HI + "}";
        List<Callable<Integer>> calls = IntStream.range(0, 12)
                .<Callable<Integer>>mapToObj(i -> () -> chat(caller, body).statusCode()).toList();

        List<Integer> statuses;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            statuses = pool.invokeAll(calls).stream().map(BillingTest::get).toList();
        }
        long served = statuses.stream().filter(s -> s == 200).count();

        assertThat(statuses).containsOnly(200, 402).contains(402);
        assertThat(served).isBetween(1L, 4L);
        assertThat(router.fake().received()).hasSize((int) served);
        assertThat(balance(caller)).isNotNegative()
                .isEqualByComparingTo(new BigDecimal("0.001").subtract(new BigDecimal("0.000205").multiply(BigDecimal.valueOf(served))));
        assertThat(router.credits().available(caller.accountId())).isEqualByComparingTo(balance(caller));
    }

    @Test
    void releasesTheReservationWhenEveryEndpointFails() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/paid-500\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(balance(caller)).isEqualByComparingTo("1");
        assertThat(router.credits().available(caller.accountId())).isEqualByComparingTo("1");
    }

    @Test
    void estimatesAndMarksUsageWhenTheProviderReportsNone() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/nousage\"," + HI + "}");

        assertThat((Boolean) JsonPath.read(response.body(), "$.usage.estimated")).isTrue();
        assertThat((Integer) JsonPath.read(response.body(), "$.usage.prompt_tokens")).isEqualTo(8);
        assertThat((Integer) JsonPath.read(response.body(), "$.usage.completion_tokens"))
                .as("'Hello' is one token in o200k_base").isEqualTo(1);
        assertThat(Json.decimal(response.body(), "/usage/cost")).isEqualByComparingTo("0.00001");
        assertThat(balance(caller)).isEqualByComparingTo("0.99999");
    }

    @Test
    void chargesOnceAndCallsNoOtherEndpointWhenTheCallerHangsUpBeforeTheAnswerIsWritten() throws Exception {
        TestCaller caller = callerWith("1");

        HangingUpClient.hangUpBeforeTheAnswer(router, caller.key(),
                "{\"model\":\"test/long\",\"provider\":{\"sort\":\"price\"}," + HI + "}", Duration.ofMillis(200));
        Thread.sleep(1500); // the fake answers 300 ms after the hang-up; a second call would follow at once

        assertThat(router.fake().received()).hasSize(1);
        // 9 prompt x 0.000001 + 2 completion x 0.000002, once
        assertThat(balance(caller)).isEqualByComparingTo("0.999987");
    }

    private static Integer get(Future<Integer> future) {
        try {
            return future.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
