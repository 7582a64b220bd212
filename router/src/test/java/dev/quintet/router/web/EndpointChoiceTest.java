package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which endpoints a request is tried on when provider preferences, cool-downs and several models meet. */
class EndpointChoiceTest extends RouterTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"{\"allow_fallbacks\":false}",
            "{\"allow_fallbacks\":false,\"sort\":\"price\"}"})
    void withoutFallbacksTriesAnEndpointNotCoolingDownWhenThereIsOne(String provider) {
        // test/cooling: the cheaper fake-a fails, and cools down for 5 s after it did
        assertThat(chat("{\"model\":\"test/cooling\"," + HI + "}").statusCode()).isEqualTo(200);
        router.fake().clear();

        HttpResponse<String> response = chat("{\"model\":\"test/cooling\",\"provider\":" + provider + ","
                + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(router.fake().reached()).containsExactly("/b/");
    }

    @Test
    void answers404WhenNoOrderedProviderServesTheModelAndFallbacksAreOff() {
        HttpResponse<String> response = chat("{\"model\":\"test/ok\","
                + "\"provider\":{\"order\":[\"fake-b\"],\"allow_fallbacks\":false}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("provider.order");
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.reason")).isEqualTo("no_ordered_provider");
        assertThat(message(response)).contains("test/ok", "provider.order (fake-b)", "configured: fake-a");
        assertThat(router.fake().reached()).isEmpty();
    }

    @Test
    void withoutFallbacksGoesToTheNextModelWhenNoOrderedProviderServesTheFirst() {
        HttpResponse<String> response = chat("{\"model\":\"test/ok\",\"models\":[\"test/params\"],"
                + "\"provider\":{\"order\":[\"fake-b\"],\"allow_fallbacks\":false}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("test/params");
        assertThat(router.fake().reached()).containsExactly("/b/");
    }

    @Test
    void answers404WithoutRetryAfterWhenModelsHaveNoEndpointForDifferentReasons() {
        // test/ok is only on fake-a; test/pricey's fake-b asks 2 USD per million completion tokens
        HttpResponse<String> response = chat("{\"model\":\"test/ok\",\"models\":[\"test/pricey\"],"
                + "\"provider\":{\"only\":[\"fake-b\"],\"max_price\":{\"completion\":1}}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat(response.headers().firstValue("Retry-After")).isEmpty();
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.reason")).isEqualTo("no_endpoint");
        assertThat(message(response)).contains("test/ok", "provider.only", "test/pricey", "provider.max_price");
    }

    @Test
    void answers400WhenOneModelHasNoEndpointForTheRequestsOwnFault() {
        // text/claude has no text-completions endpoint to take a suffix; text/ok is only on the ignored fake-a
        HttpResponse<String> response = Http.send("POST", router.url() + "/api/v1/completions",
                "{\"model\":\"text/claude\",\"models\":[\"text/ok\"],\"prompt\":\"a\",\"suffix\":\"b\","
                        + "\"provider\":{\"ignore\":[\"fake-a\"]}}", router.auth());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(response.headers().firstValue("Retry-After")).isEmpty();
        assertThat(message(response)).contains("suffix is not supported", "provider.ignore");
    }

    @Test
    void answers503WithRetryAfterWhenOneModelHasNoConfiguredProvider() {
        HttpResponse<String> response = chat("{\"model\":\"x-ai/grok-2-1212\",\"models\":[\"test/ok\"],"
                + "\"provider\":{\"only\":[\"fake-b\"]}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("60");
        assertThat(message(response)).contains("no configured provider", "provider.only");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"model\":\"test/all-500:nitro\",\"models\":[\"test/all-500\"]|the endpoint failed|1",
            "{\"models\":[\"test/paid-500:floor\",\"test/paid-500:nitro\"]|the endpoint failed|1",
            "{\"models\":[\"test/down:floor\",\"test/down:nitro\",\"test/down\"]|all 3 endpoints failed|2",
            "{\"model\":\"test/all-500:free\",\"models\":[\"test/all-500\"]|all 2 endpoints failed|2"})
    void triesEachEndpointOnceWhenModelsNameVariantsOfOneModel(String request, String failure, int calls) {
        // the first three each on a model not called before, so that no endpoint is cooling down; test/down:
        // fake-a and fake-b answer 500, dead is unreachable; test/all-500:free is a catalog model of its own
        HttpResponse<String> response = chat(request + "," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(502);
        assertThat(message(response)).contains(failure);
        assertThat(router.fake().received()).hasSize(calls);
    }
}
