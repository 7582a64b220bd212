package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.HangingUpClient;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Streams are charged for what they produced. The prompt {@code "Hi"} estimates at 8 tokens and the {@code "Hel"}
 * a broken stream produced at 1; at test prices (0.000001 and 0.000002 per token) that is 0.00001 USD.
 */
class StreamChargesTest extends RouterTest {

    static final BigDecimal PARTIAL_COST = new BigDecimal("0.00001");

    private HttpResponse<String> generation(TestCaller caller, String id) {
        return Http.get(router.url() + "/api/v1/generation?id=" + id, caller.auth());
    }

    @Test
    void settlesTheReportedCostOfACompleteStream() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, RouterFixture.streamBody("test/ok"));
        String id = response.headers().firstValue("X-Generation-Id").orElseThrow();

        assertThat(router.credits().balance(caller.accountId())).isEqualByComparingTo("0.999987");
        String record = generation(caller, id).body();
        assertThat(Json.decimal(record, "/data/total_cost")).isEqualByComparingTo("0.000013");
        assertThat((Boolean) JsonPath.read(record, "$.data.streamed")).isTrue();
        assertThat((Boolean) JsonPath.read(record, "$.data.usage_estimated")).isFalse();
    }

    @Test
    void chargesForWhatWasProducedBeforeTheUpstreamBrokeOff() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, RouterFixture.streamBody("test/drop"));
        String record = generation(caller, response.headers().firstValue("X-Generation-Id").orElseThrow()).body();

        assertThat(response.body()).contains("\"finish_reason\":\"error\"");
        assertThat((String) JsonPath.read(record, "$.data.finish_reason")).isEqualTo("error");
        assertThat((Integer) JsonPath.read(record, "$.data.native_tokens_completion")).isEqualTo(1);
        assertThat(Json.decimal(record, "/data/total_cost")).isEqualByComparingTo(PARTIAL_COST);
        assertThat(router.credits().balance(caller.accountId())).isEqualByComparingTo(BigDecimal.ONE.subtract(PARTIAL_COST));
    }

    @Test
    void recordsAndChargesTheTokensProducedBeforeTheClientDisconnects() throws Exception {
        TestCaller caller = callerWith("1");
        String id = HangingUpClient.hangUpAfterFirstContent(router, caller.key(), "test/stall");
        assertThat(router.fake().hungUp().await(5, TimeUnit.SECONDS)).as("upstream connection closed").isTrue();

        HttpResponse<String> record = generation(caller, id);
        for (int i = 0; i < 50 && record.statusCode() == 404; i++) {
            Thread.sleep(100);
            record = generation(caller, id);
        }
        assertThat(record.statusCode()).isEqualTo(200);
        assertThat((Boolean) JsonPath.read(record.body(), "$.data.cancelled")).isTrue();
        assertThat((Boolean) JsonPath.read(record.body(), "$.data.usage_estimated")).isTrue();
        assertThat((Integer) JsonPath.read(record.body(), "$.data.native_tokens_completion")).isEqualTo(1);
        assertThat(Json.decimal(record.body(), "/data/total_cost")).isEqualByComparingTo(PARTIAL_COST);
        assertThat(router.credits().balance(caller.accountId())).isEqualByComparingTo(BigDecimal.ONE.subtract(PARTIAL_COST));
        assertThat(router.credits().available(caller.accountId())).isEqualByComparingTo(BigDecimal.ONE.subtract(PARTIAL_COST));
    }
}
