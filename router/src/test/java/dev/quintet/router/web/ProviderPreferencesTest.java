package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * provider.sort, provider.max_price, provider.data_collection, provider.zdr, the preferred latency and throughput,
 * and the :nitro and :floor variants, with order/only/ignore beside them.
 */
class ProviderPreferencesTest extends RouterTest {

    @BeforeAll
    static void measureBothEndpoints() {
        // test/speed: fake-a is cheap but answers after a second, fake-b dearer and quick; measure both once
        chat("{\"model\":\"test/speed\",\"provider\":{\"only\":[\"fake-a\"]}," + HI + "}");
        chat("{\"model\":\"test/speed\",\"provider\":{\"only\":[\"fake-b\"]}," + HI + "}");
    }

    /** The answer to {@code model} with {@code provider} preferences (a JSON object), which must be a 200. */
    private static HttpResponse<String> served(String model, String provider) {
        HttpResponse<String> response = chat("{\"model\":\"" + model + "\",\"provider\":" + provider + "," + HI + "}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }

    private static String firstPath() {
        return router.fake().received().getFirst().path();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"model\":\"test/speed\",\"provider\":{\"sort\":\"throughput\"}|/b/",
            "{\"model\":\"test/speed:nitro\"|/b/",
            "{\"model\":\"test/speed\",\"provider\":{\"sort\":\"latency\"}|/b/",
            "{\"model\":\"test/speed\",\"provider\":{\"sort\":{\"by\":\"latency\",\"partition\":\"none\"}}|/b/",
            "{\"model\":\"test/speed:floor\"|/a/",
            "{\"model\":\"test/speed\",\"provider\":{\"sort\":\"price\"}|/a/",
            "{\"model\":\"test/speed:nitro\",\"provider\":{\"sort\":\"price\"}|/a/",
            "{\"model\":\"test/speed:nitro\",\"provider\":{\"order\":[\"fake-a\"]}|/a/",
            "{\"model\":\"test/speed:nitro\",\"provider\":{\"ignore\":[\"fake-b\"]}|/a/"})
    void sortsEndpointsStrictlyBySortOrVariant(String request, String servedFrom) {
        HttpResponse<String> response = chat(request + "," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(firstPath()).startsWith(servedFrom);
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("test/speed");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"sort\":\"price\",\"preferred_max_latency\":0.5}|/b/",
            "{\"sort\":\"price\",\"preferred_max_latency\":{\"p50\":30,\"p99\":30}}|/a/",
            "{\"sort\":\"price\",\"preferred_min_throughput\":{\"p90\":10}}|/b/",
            "{\"sort\":\"price\",\"preferred_min_throughput\":0}|/a/",
            "{\"preferred_max_latency\":{\"p75\":0.5},\"preferred_min_throughput\":10}|/b/"})
    void putsEndpointsMeetingThePreferredLatencyAndThroughputFirst(String provider, String servedFrom) {
        // fake-a is cheaper but answers test/speed after a second (2 completion tokens: 2 a second); fake-b at once
        HttpResponse<String> response = served("test/speed", provider);

        assertThat(firstPath()).startsWith(servedFrom);
    }

    @Test
    void aLaterModelWhoseEndpointMeetsThePreferenceGoesBeforeOneThatMissesIt() {
        HttpResponse<String> response = chat("{\"model\":\"test/speed\",\"models\":[\"test/ok\"],"
                + "\"provider\":{\"only\":[\"fake-a\"],\"preferred_max_latency\":0.5}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("test/ok");
        assertThat(router.fake().received()).hasSize(1);
    }

    @Test
    void recordsTheVariantAsTheRequestedModel() {
        HttpResponse<String> response = chat("{\"model\":\"test/speed:nitro\"," + HI + "}");

        String generation = Http.get(router.url() + "/api/v1/generation?id="
                + response.headers().firstValue("X-Generation-Id").orElseThrow(), router.auth()).body();
        assertThat((String) JsonPath.read(generation, "$.data.requested_model")).isEqualTo("test/speed:nitro");
        assertThat((String) JsonPath.read(generation, "$.data.model")).isEqualTo("test/speed");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"order\":[\"fake-a\"],\"max_price\":{\"prompt\":2}}|Fake B",
            "{\"max_price\":{\"request\":0.001}}|Fake A",
            "{\"max_price\":{\"prompt\":\"1\",\"completion\":\"2\",\"request\":\"0.01\",\"image\":0}}|Fake B",
            "{\"max_price\":{\"prompt\":3,\"completion\":15},\"ignore\":[\"Fake B\"]}|Fake A"})
    void skipsEndpointsAboveMaxPrice(String provider, String servedBy) {
        HttpResponse<String> response = served("test/pricey", provider);

        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo(servedBy);
    }

    @Test
    void answers404NamingMaxPriceWhenNoEndpointIsCheapEnough() {
        HttpResponse<String> response = chat("{\"model\":\"test/pricey\",\"provider\":{\"max_price\":"
                + "{\"completion\":1}}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((Integer) JsonPath.read(response.body(), "$.error.code")).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("provider.max_price");
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.reason"))
                .isEqualTo("no_endpoint_within_max_price");
        assertThat((String) JsonPath.read(response.body(), "$.error.message"))
                .contains("test/pricey", "completion <= 1 USD/M tokens", "prompt 1 USD/M tokens, completion 2 USD/M");
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void fallsBackToTheNextModelWhenMaxPriceExcludesTheFirst() {
        HttpResponse<String> response = chat("{\"model\":\"test/pricey\",\"models\":[\"test/ok\"],"
                + "\"provider\":{\"max_price\":{\"completion\":2,\"request\":0}}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("test/ok");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"sort\":\"fastest\"}|provider.sort|must be one of price, throughput, latency, got 'fastest'",
            "{\"sort\":3}|provider.sort|must be price, throughput, latency or an object",
            "{\"sort\":{\"by\":\"speed\"}}|provider.sort.by|must be one of price, throughput, latency",
            "{\"sort\":{\"partition\":\"none\"}}|provider.sort.by|is required",
            "{\"sort\":{\"by\":\"price\",\"partition\":\"all\"}}|provider.sort.partition|must be model or none",
            "{\"max_price\":{\"prompt\":-1}}|provider.max_price.prompt|must be a number from 0 to 1000000 with at most 12"
                    + " decimals (US dollars per million tokens)",
            "{\"max_price\":{\"prompt\":\"cheap\"}}|provider.max_price.prompt|must be a number from 0",
            "{\"max_price\":{\"prompt\":1e999}}|provider.max_price.prompt|must be a number from 0",
            "{\"max_price\":{\"prompt\":\"1e-999999999\"}}|provider.max_price.prompt|with at most 12 decimals",
            "{\"max_price\":{\"request\":\"1e999999999\"}}|provider.max_price.request|must be a number from 0 to 1000000",
            "{\"max_price\":{\"tokens\":1}}|provider.max_price.tokens|not a price limit",
            "{\"max_price\":5}|provider.max_price|must be an object",
            "{\"data_collection\":\"never\"}|provider.data_collection|must be allow or deny, got \"never\"",
            "{\"data_collection\":false}|provider.data_collection|must be allow or deny",
            "{\"zdr\":\"yes\"}|provider.zdr|must be true or false",
            "{\"preferred_max_latency\":-1}|provider.preferred_max_latency|must be a number from 0 to 1000000",
            "{\"preferred_max_latency\":1e999}|provider.preferred_max_latency|must be a number from 0",
            "{\"preferred_max_latency\":\"fast\"}|provider.preferred_max_latency|must be a number or an object",
            "{\"preferred_min_throughput\":{\"p95\":10}}|provider.preferred_min_throughput.p95|is not a percentile",
            "{\"preferred_min_throughput\":{\"p50\":\"x\"}}|provider.preferred_min_throughput.p50|must be a number"})
    void rejectsBadPreferencesWith400NamingTheParameter(String provider, String param, String rule) {
        HttpResponse<String> response = chat("{\"model\":\"test/ok\",\"provider\":" + provider + "," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).contains(rule);
        assertThat((String) JsonPath.read(response.body(), "$.error.type")).isEqualTo("invalid_request_error");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"sort\":\"price\",\"data_collection\":\"deny\"}|Fake A",
            "{\"sort\":\"price\",\"zdr\":true}|Fake B",
            "{\"sort\":\"price\",\"data_collection\":\"deny\",\"zdr\":true,\"ignore\":[\"fake-a\"]}|Fake B",
            "{\"only\":[\"dead\",\"fake-b\"],\"data_collection\":\"deny\"}|Fake B"})
    void routesOnlyToProvidersWhoseDataPolicyMeetsTheRequest(String provider, String servedBy) {
        // test/private: dead (cheapest, states no policy), Fake A (does not train, keeps 30 days), Fake B (keeps nothing)
        HttpResponse<String> response = served("test/private", provider);

        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo(servedBy);
        String generation = Http.get(router.url() + "/api/v1/generation?id="
                + response.headers().firstValue("X-Generation-Id").orElseThrow(), router.auth()).body();
        assertThat(JsonPath.<List<String>>read(generation, "$.data.provider_responses[*].provider_name"))
                .containsExactly(servedBy);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"only\":[\"dead\"],\"data_collection\":\"deny\"}|provider.data_collection"
                    + "|Dead may train on prompts (no stated policy, so assumed)",
            "{\"only\":[\"fake-a\",\"dead\"],\"zdr\":true}|provider.zdr"
                    + "|Dead may train on prompts (no stated policy, so assumed), Fake A keeps prompts for 30 days"})
    void answers404NamingThePolicyWhenNoProviderMeetsIt(String provider, String param, String reason) {
        HttpResponse<String> response = chat("{\"model\":\"test/private\",\"provider\":" + provider + "," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.reason"))
                .isEqualTo("no_endpoint_matching_data_policy");
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).contains("test/private", reason);
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void answers404ForAnUnknownVariant() {
        HttpResponse<String> response = chat("{\"model\":\"test/ok:turbo\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("model");
    }

    @Test
    void endpointsRouteReportsLatencyAndThroughputOfRecentCalls() {
        String body = Http.get(router.url() + "/api/v1/models/test/speed/endpoints", router.auth()).body();

        double slowLatency = JsonPath.<List<Number>>read(body, "$.data.endpoints[?(@.tag == 'fake-a')].latency_last_30m.p50")
                .getFirst().doubleValue();
        double quickLatency = JsonPath.<List<Number>>read(body, "$.data.endpoints[?(@.tag == 'fake-b')].latency_last_30m.p50")
                .getFirst().doubleValue();
        double slowThroughput = JsonPath.<List<Number>>read(body,
                "$.data.endpoints[?(@.tag == 'fake-a')].throughput_last_30m.p50").getFirst().doubleValue();
        assertThat(slowLatency).isGreaterThanOrEqualTo(1000).isGreaterThan(quickLatency);
        assertThat(slowThroughput).isPositive().isLessThanOrEqualTo(2.0);
        assertThat(JsonPath.<List<Double>>read(body, "$.data.endpoints[?(@.tag == 'fake-a')].uptime_last_5m"))
                .containsExactly(100.0);
    }
}
