package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.FakeUpstream;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class ChatCompletionsTest extends RouterTest {

    @Test
    void passesTheUpstreamAnswerThroughNamingModelAndProvider() {
        HttpResponse<String> response = Http.send("POST", router.url() + "/v1/chat/completions",
                "{\"model\":\"test/ok\"," + HI + "}", router.auth());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        assertThat((String) JsonPath.read(response.body(), "$.object")).isEqualTo("chat.completion");
        assertThat((String) JsonPath.read(response.body(), "$.id")).startsWith("gen-")
                .isEqualTo(response.headers().firstValue("X-Generation-Id").orElseThrow());
        assertThat((Integer) JsonPath.read(response.body(), "$.created")).isEqualTo(1767225600);
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("test/ok");
        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo("Fake A");
        assertThat((Integer) JsonPath.read(response.body(), "$.choices[0].index")).isZero();
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].message.content")).isEqualTo("Hello");
        assertThat((Integer) JsonPath.read(response.body(), "$.usage.total_tokens")).isEqualTo(11);
        assertThat(response.body()).contains("\"refusal\":null", "\"logprobs\":null");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"model\":\"test/ok\"|max_tokens|8192",
            "{\"model\":\"test/ok\",\"max_tokens\":50|max_tokens|50",
            "{\"model\":\"test/ok\",\"max_completion_tokens\":70|max_completion_tokens|70",
            "{\"model\":\"openai/chatgpt-4o-latest\",\"provider\":{\"only\":[\"openai\"]}|max_completion_tokens|8192"})
    void limitsAnAnswerNobodyLimitedToTheLengthItsHoldWasMadeFor(String request, String field, int limit) {
        HttpResponse<String> response = chat(request + "," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode sent = router.fake().received().getFirst().body();
        assertThat(sent.path(field).asInt()).isEqualTo(limit);
        assertThat(sent.has(field.equals("max_tokens") ? "max_completion_tokens" : "max_tokens")).isFalse();
    }

    @Test
    void sendsOpenAisReasoningModelsTheLimitAndEffortInOpenAisFields() {
        HttpResponse<String> response = chat("{\"model\":\"openai/o3\",\"provider\":{\"only\":[\"openai\"]},"
                + "\"max_tokens\":50,\"reasoning\":{\"effort\":\"high\"},\"include_reasoning\":true," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode sent = router.fake().received().getFirst().body();
        assertThat(sent.path("max_completion_tokens").asInt()).isEqualTo(50);
        assertThat(sent.path("reasoning_effort").asString()).isEqualTo("high");
        assertThat(sent.has("max_tokens") || sent.has("reasoning") || sent.has("include_reasoning")).isFalse();
    }

    @Test
    void sendsTheUpstreamModelNameAndProviderKeyButNotRouterFields() {
        chat("{\"model\":\"openai/gpt-4o\",\"models\":[\"test/ok\"],\"provider\":{\"order\":[\"openai\"]}," + HI + "}");

        FakeUpstream.Received received = router.fake().received().getFirst();
        assertThat(received.path()).isEqualTo("/openai/v1/chat/completions");
        assertThat(received.authorization()).isEqualTo("Bearer sk-test");
        assertThat(received.body().path("model").asString()).isEqualTo("gpt-4o");
        assertThat(received.body().has("models")).isFalse();
        assertThat(received.body().has("provider")).isFalse();
    }

    @Test
    void passesToolCallsThrough() {
        HttpResponse<String> response = chat("{\"model\":\"test/tools\"," + HI + "}");

        assertThat((String) JsonPath.read(response.body(), "$.choices[0].finish_reason")).isEqualTo("tool_calls");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].message.tool_calls[0].function.arguments"))
                .isEqualTo("{\"city\":\"Paris\"}");
        assertThat(response.body()).contains("\"content\":null");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}|model|model is required",
            "{\"model\":\"test/ok\"}|messages|messages is required",
            "{\"model\":\"test/ok\",\"messages\":[]}|messages|non-empty array",
            "{\"model\":\"test/ok\",\"messages\":[{\"role\":\"robot\"}]}|messages[0].role|must be one of",
            "{\"model\":\"test/ok\",\"temperature\":2.5,\"messages\":[{\"role\":\"user\"}]}|temperature|from 0 to 2, got 2.5",
            "{\"model\":\"test/ok\",\"top_p\":-0.1,\"messages\":[{\"role\":\"user\"}]}|top_p|from 0 to 1",
            "{\"model\":\"test/ok\",\"max_tokens\":0,\"messages\":[{\"role\":\"user\"}]}|max_tokens|integer >= 1, got 0",
            "{\"model\":\"test/ok\",\"n\":2,\"messages\":[{\"role\":\"user\"}]}|n|n must be 1",
            "{\"model\":\"test/ok\",\"provider\":{\"speed\":1},\"messages\":[{\"role\":\"user\"}]}|provider.speed|not a provider preference",
            "{\"model\":\"test/ok\",\"n\":4294967297,\"messages\":[{\"role\":\"user\"}]}|n|n must be 1",
            "{\"model\":\"test/ok\",\"messages\":[{\"role\":\"user\",\"content\":5}]}|messages[0].content|string or an array",
            "{\"model\":\"test/ok\",\"stop\":[{}],\"messages\":[{\"role\":\"user\"}]}|stop|array of up to 4 strings",
            "{\"model\":\"test/ok\",\"tools\":{},\"messages\":[{\"role\":\"user\"}]}|tools|must be an array",
            "{\"model\":\"test/ok\",\"tools\":[{\"type\":\"function\",\"function\":{\"name\":{}}}],\"messages\":[{\"role\":\"user\"}]}|tools[0].function.name|non-empty string",
            "{\"model\":\"test/ok\",\"tools\":[{\"type\":\"function\"}],\"messages\":[{\"role\":\"user\"}]}|tools[0]|must be an object",
            "{\"model\":\"test/ok\",\"tool_choice\":\"any\",\"messages\":[{\"role\":\"user\"}]}|tool_choice|none, auto, required",
            "{\"model\":\"test/ok\",\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":3}},\"messages\":[{\"role\":\"user\"}]}|tool_choice.function.name|non-empty string",
            "{\"model\":\"test/ok\",\"reasoning\":{\"effort\":[]},\"messages\":[{\"role\":\"user\"}]}|reasoning.effort|must be one of max, xhigh",
            "{\"model\":\"test/ok\",\"reasoning\":{\"max_tokens\":-5},\"messages\":[{\"role\":\"user\"}]}|reasoning.max_tokens|integer >= 0",
            "{\"model\":\"test/ok\",\"reasoning_effort\":\"huge\",\"messages\":[{\"role\":\"user\"}]}|reasoning_effort|must be one of"})
    void rejectsInvalidBodiesWith400NamingTheParameter(String body, String param, String rule) {
        HttpResponse<String> response = chat(body);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat(message(response)).contains(rule);
        assertThat((Integer) JsonPath.read(response.body(), "$.error.code")).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.type")).isEqualTo("invalid_request_error");
        assertThat(router.fake().received()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"temperature|%s", "temperature|1e999", "top_p|-%s", "max_tokens|%s",
            "n|%s"})
    void rejectsNumbersBeyondAnyRangeNamingTheParameter(String param, String number) {
        String huge = number.formatted("1" + "0".repeat(309));
        HttpResponse<String> response = chat("{\"model\":\"test/ok\",\"" + param + "\":" + huge + "," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
    }

    @Test
    void rejectsBodyThatIsNotJson() {
        HttpResponse<String> response = chat("{\"model\":");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(message(response)).contains("not valid JSON");
    }

    @Test
    void answers404ForAModelNotInTheCatalog() {
        HttpResponse<String> response = chat("{\"model\":\"acme/imaginary-1\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(message(response)).contains("acme/imaginary-1", "not in the catalog");
    }

    @Test
    void answers503QuicklyForAKnownModelWithoutConfiguredProvider() {
        HttpResponse<String> response = chat("{\"model\":\"x-ai/grok-2-1212\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("60");
        assertThat(message(response)).contains("x-ai/grok-2-1212", "no configured provider", "XAI_API_KEY");
    }

    @ParameterizedTest
    @CsvSource({"test/fallback-500", "test/fallback-429", "test/refused"})
    void fallsBackToTheNextEndpointBeforeAnswering(String model) {
        HttpResponse<String> response = chat("{\"model\":\"" + model + "\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo("Fake B");
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo(model);
    }

    @Test
    void fallsBackToTheNextModelOfTheModelsList() {
        HttpResponse<String> response = chat("{\"model\":\"test/paid-500\",\"models\":[\"test/ok\"]," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("test/ok");
        assertThat(router.fake().received()).extracting(r -> r.body().path("model").asString())
                .containsExactly("err500", "ok");
    }

    @Test
    void answers429WithRetryAfterWhenEveryProviderRateLimits() {
        HttpResponse<String> response = chat("{\"model\":\"test/all-429\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(429);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("7");
        assertThat((String) JsonPath.read(response.body(), "$.error.type")).isEqualTo("rate_limit_error");
    }

    @Test
    void answers502NamingTheFailureWhenAllEndpointsFail() {
        HttpResponse<String> response = chat("{\"model\":\"test/all-500\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(message(response)).contains("test/all-500 via Fake A: HTTP 500", "The server had an error");
    }

    @Test
    void reportsAnUpstream400AsTheCallersFaultWithoutFallback() {
        HttpResponse<String> response = chat("{\"model\":\"test/bad-request\",\"models\":[\"test/ok\"]," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(message(response)).contains("Fake A rejected the request", "max_tokens is too large");
        assertThat(router.fake().received()).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"test/tpm413", "test/retired"})
    void fallsBackOnA400Or413WhoseCodeSaysTheProviderIsAtFault(String model) {
        HttpResponse<String> response =
                chat("{\"model\":\"" + model + "\",\"provider\":{\"sort\":\"price\"}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo("Fake B");
    }

    @Test
    void givesTheProvidersReasonFromAnErrorBodyWithoutAnErrorObject() {
        HttpResponse<String> response = chat("{\"model\":\"test/extra422\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(message(response)).contains("Fake A rejected the request", "extra_forbidden", "stream_options");
    }

    @Test
    void mapsAnUpstream401To502SinceTheProviderKeyIsOurs() {
        HttpResponse<String> response = chat("{\"model\":\"test/bad-key\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(message(response)).contains("credentials", "Incorrect API key");
    }

    @Test
    void dropsParametersTheEndpointDoesNotSupport() {
        chat("{\"model\":\"test/params\",\"temperature\":0.5,\"top_p\":0.9,\"top_k\":3," + HI + "}");

        FakeUpstream.Received received = router.fake().received().getFirst();
        assertThat(received.path()).startsWith("/a/");
        assertThat(received.body().path("temperature").asDouble()).isEqualTo(0.5);
        assertThat(received.body().has("top_p")).isFalse();
        assertThat(received.body().has("top_k")).isFalse();
    }

    @Test
    void skipsEndpointsLackingAParameterWhenRequireParametersIsSet() {
        HttpResponse<String> response = chat("{\"model\":\"test/params\",\"top_p\":0.9,"
                + "\"provider\":{\"require_parameters\":true}," + HI + "}");

        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo("Fake B");
        assertThat(router.fake().received().getFirst().body().path("top_p").asDouble()).isEqualTo(0.9);
    }

    @Test
    void answers404WhenNoEndpointHasTheRequiredParameters() {
        HttpResponse<String> response = chat("{\"model\":\"test/params\",\"seed\":1,"
                + "\"provider\":{\"require_parameters\":true}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("provider.require_parameters");
        assertThat(message(response)).contains("seed", "require_parameters");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{}|Fake A",
            "{\"order\":[\"fake-b\"]}|Fake B",
            "{\"order\":[\"Fake B\",\"fake-a\"]}|Fake B",
            "{\"only\":[\"fake-b\"]}|Fake B",
            "{\"ignore\":[\"fake-a\"]}|Fake B"})
    void honoursProviderPreferences(String provider, String servedBy) {
        HttpResponse<String> response = chat("{\"model\":\"test/params\",\"provider\":" + provider + "," + HI + "}");

        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo(servedBy);
    }

    @Test
    void doesNotFallBackWhenAllowFallbacksIsFalse() {
        HttpResponse<String> response = chat("{\"model\":\"test/no-fallback\","
                + "\"provider\":{\"allow_fallbacks\":false}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(router.fake().received()).hasSize(1);
    }

    @Test
    void answers404WhenOnlyExcludesEveryProvider() {
        HttpResponse<String> response = chat("{\"model\":\"test/ok\",\"provider\":{\"only\":[\"groq\"]}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("provider.only");
        assertThat(message(response)).contains("provider.only", "configured: fake-a");
    }

    @Test
    void answersCorsPreflightForChatCompletions() {
        HttpResponse<String> response = Http.send("OPTIONS", router.url() + "/api/v1/chat/completions", null,
                "Origin", "https://app.example", "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization, content-type");

        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        assertThat(response.headers().firstValue("Access-Control-Allow-Methods")).hasValueSatisfying(
                v -> assertThat(v).contains("POST"));
        assertThat(response.headers().firstValue("Access-Control-Allow-Headers")).hasValueSatisfying(
                v -> assertThat(v.toLowerCase()).contains("authorization"));
    }

    @Test
    void errorBodiesCarryAnExplicitNullParam() {
        HttpResponse<String> response = chat("{\"model\":\"acme/imaginary-1\"," + HI + "}");

        assertThat(response.body()).contains("\"param\":\"model\"");
        HttpResponse<String> unrouted = Http.get(router.url() + "/api/v1/nothing-here", router.auth());
        assertThat(unrouted.statusCode()).isEqualTo(404);
        assertThat(unrouted.body()).contains("\"param\":null");
        assertThat(List.of(JsonPath.<Object>read(unrouted.body(), "$.error.metadata.request_id"))).doesNotContainNull();
    }
}
