package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.FakeUpstream;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterSettings;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Legacy text completions: natively where the provider has them, translated to chat where it does not. Without
 * cool-downs, so that each test sees failing endpoints tried first (CoolDownTest covers them).
 */
@RouterSettings("--quintet.router.routing.cool-down=0s")
class CompletionsTest extends RouterTest {

    private static HttpResponse<String> complete(String body) {
        return Http.send("POST", router.url() + "/api/v1/completions", body, router.auth());
    }

    private static List<String> paths() {
        return router.fake().received().stream().map(FakeUpstream.Received::path).toList();
    }

    /** The text of a streamed answer, and its chunks' objects. */
    private static String streamedText(HttpResponse<String> response) {
        StringBuilder text = new StringBuilder();
        for (String data : RouterFixture.sseData(response)) {
            if (!data.equals("[DONE]")) {
                assertThat((String) JsonPath.read(data, "$.object")).isEqualTo("text_completion");
                for (Object t : JsonPath.<List<Object>>read(data, "$.choices[*].text")) {
                    text.append(t);
                }
            }
        }
        return text.toString();
    }

    @Test
    void answersATextCompletionFromTheProvidersCompletionsEndpoint() {
        HttpResponse<String> response = complete("{\"model\":\"text/ok\",\"prompt\":\"Say\",\"max_tokens\":5,"
                + "\"stop\":[\"\\n\"],\"provider\":{\"sort\":\"price\"}}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.object")).isEqualTo("text_completion");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].text")).isEqualTo("Hello");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].finish_reason")).isEqualTo("stop");
        assertThat((String) JsonPath.read(response.body(), "$.id")).startsWith("gen-")
                .isEqualTo(response.headers().firstValue("X-Generation-Id").orElseThrow());
        assertThat((String) JsonPath.read(response.body(), "$.model")).isEqualTo("text/ok");
        assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo("Fake A");
        // 4 prompt tokens at 1 USD/M and 1 completion token at 2 USD/M
        assertThat(Json.decimal(response.body(), "/usage/cost")).isEqualByComparingTo(new BigDecimal("0.000006"));
        FakeUpstream.Received upstream = router.fake().received().getFirst();
        assertThat(upstream.path()).isEqualTo("/a/v1/completions");
        assertThat(upstream.body().path("prompt").asString()).isEqualTo("Say");
        assertThat(upstream.body().path("model").asString()).isEqualTo("ok");
        assertThat(upstream.body().path("max_tokens").asInt()).isEqualTo(5);
        assertThat(upstream.body().has("provider")).isFalse();
    }

    @Test
    void sendsMaxCompletionTokensAsTheLegacyMaxTokens() {
        HttpResponse<String> response =
                complete("{\"model\":\"text/ok\",\"prompt\":\"Say\",\"max_completion_tokens\":5}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode sent = router.fake().received().getFirst().body();
        assertThat(sent.path("max_tokens").asInt()).isEqualTo(5);
        assertThat(sent.has("max_completion_tokens")).isFalse();
    }

    @Test
    void passesEchoAndLogprobsThroughOnTheOpenAiAliasWithAPromptArray() {
        HttpResponse<String> response = Http.send("POST", router.url() + "/v1/completions",
                "{\"model\":\"text/ok\",\"prompt\":[\"Say \"],\"echo\":true,\"logprobs\":1}", router.auth());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].text")).isEqualTo("Say Hello");
        assertThat((List<String>) JsonPath.read(response.body(), "$.choices[0].logprobs.tokens"))
                .containsExactly("Hello");
    }

    @Test
    void streamsTextCompletionChunksEndingWithUsageAndDone() {
        HttpResponse<String> response = complete("{\"model\":\"text/ok\",\"prompt\":\"Say\",\"stream\":true}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(v ->
                assertThat(v).startsWith("text/event-stream"));
        List<String> data = RouterFixture.sseData(response);
        assertThat(data.getLast()).isEqualTo("[DONE]");
        String usage = data.get(data.size() - 2);
        assertThat((List<Object>) JsonPath.read(usage, "$.choices")).isEmpty();
        assertThat(Json.decimal(usage, "/usage/cost")).isPositive();
        assertThat(streamedText(response)).isEqualTo("Hello");
        assertThat((String) JsonPath.read(data.getFirst(), "$.id"))
                .isEqualTo(response.headers().firstValue("X-Generation-Id").orElseThrow());
        assertThat(router.fake().received().getFirst().body().path("stream").asBoolean()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fallsBackToTheNextEndpointBeforeAnswering(boolean stream) {
        HttpResponse<String> response = complete("{\"model\":\"text/fallback\",\"prompt\":\"Say\",\"stream\":"
                + stream + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(paths()).containsExactly("/a/v1/completions", "/b/v1/completions");
        String text = stream ? streamedText(response) : JsonPath.read(response.body(), "$.choices[0].text");
        assertThat(text).isEqualTo("Hello");
        assertThat(response.body()).contains("\"provider\":\"Fake B\"");
    }

    @Test
    void endsABrokenStreamWithAnInBandTextError() {
        HttpResponse<String> response = complete("{\"model\":\"text/drop\",\"prompt\":\"Say\",\"stream\":true}");

        List<String> data = RouterFixture.sseData(response);
        String last = data.getLast();
        assertThat((String) JsonPath.read(last, "$.object")).isEqualTo("text_completion");
        assertThat((String) JsonPath.read(last, "$.choices[0].finish_reason")).isEqualTo("error");
        assertThat((String) JsonPath.read(last, "$.choices[0].text")).isEmpty();
        assertThat((Integer) JsonPath.read(last, "$.error.code")).isEqualTo(502);
    }

    @ParameterizedTest
    @CsvSource({"text/claude,/anthropic/v1/messages", "text/gemini,/gemini/v1beta/models/ok:generateContent"})
    void translatesThePromptToAChatMessageForProvidersWithoutCompletions(String model, String path) {
        HttpResponse<String> response = complete("{\"model\":\"" + model + "\",\"prompt\":\"Say\",\"echo\":true,"
                + "\"max_tokens\":7}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.object")).isEqualTo("text_completion");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].text")).isEqualTo("SayHello");
        assertThat(response.body()).contains("\"logprobs\":null");
        FakeUpstream.Received upstream = router.fake().received().getFirst();
        assertThat(upstream.path()).isEqualTo(path);
        assertThat(upstream.body().toString()).contains("Say").doesNotContain("prompt", "echo");
    }

    @Test
    void streamsATranslatedCompletion() {
        HttpResponse<String> response = complete("{\"model\":\"text/claude\",\"prompt\":\"Say\",\"stream\":true}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(streamedText(response)).isEqualTo("Hello");
        assertThat(RouterFixture.sseData(response).getLast()).isEqualTo("[DONE]");
        assertThat(router.fake().received().getFirst().body().path("messages").path(0).path("content").toString())
                .contains("Say");
    }

    @Test
    void usesChatWhenTheCompletionsEndpointAnswers404() {
        HttpResponse<String> response = complete("{\"model\":\"text/chatonly\",\"prompt\":\"Say\"}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].text")).isEqualTo("Hello");
        assertThat(paths()).containsExactly("/a/v1/completions", "/a/v1/chat/completions");
        assertThat(router.fake().received().getLast().body().path("messages").path(0).path("content").asString())
                .isEqualTo("Say");
    }

    @Test
    void passesSuffixToACompletionsEndpointButRejectsItWhereThePromptBecomesChat() {
        assertThat(complete("{\"model\":\"text/ok\",\"prompt\":\"def f(\",\"suffix\":\"return x\"}").statusCode())
                .isEqualTo(200);
        assertThat(router.fake().received().getFirst().body().path("suffix").asString()).isEqualTo("return x");

        HttpResponse<String> response = complete("{\"model\":\"text/claude\",\"prompt\":\"def f(\",\"suffix\":\"x\"}");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("suffix");
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).contains("no text-completions endpoint");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"model\":\"text/ok\"}|prompt|prompt is required",
            "{\"model\":\"text/ok\",\"prompt\":[\"a\",\"b\"]}|prompt|an array of one string",
            "{\"model\":\"text/ok\",\"prompt\":[1,2]}|prompt|token-id prompts are not supported",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"messages\":[]}|messages|takes a prompt",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"logprobs\":9}|logprobs|from 0 to 5",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"stop\":[\"1\",\"2\",\"3\",\"4\",\"5\"]}|stop|up to 4 strings",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"echo\":\"yes\"}|echo|true or false",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"suffix\":1}|suffix|must be a string",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"best_of\":3}|best_of|best_of must be 1",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"max_tokens\":0}|max_tokens|integer >= 1",
            "{\"model\":\"text/ok\",\"prompt\":\"a\",\"provider\":{\"sort\":\"cost\"}}|provider.sort|must be one of",
            "{\"prompt\":\"a\"}|model|model is required"})
    void rejectsInvalidBodiesWith400NamingTheParameter(String body, String param, String rule) {
        HttpResponse<String> response = complete(body);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).contains(rule);
        assertThat((Integer) JsonPath.read(response.body(), "$.error.code")).isEqualTo(400);
        assertThat(router.fake().received()).isEmpty();
    }
}
