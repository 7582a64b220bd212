package dev.quintet.router.providers.gemini;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.FakeUpstream;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The Gemini adapter against the fake's Gemini side, through the router on a real port. */
class GeminiAdapterTest extends RouterTest {

    static final String TOOL = """
            {"type":"function","function":{"name":"get_weather","description":"Weather by city",\
            "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],\
            "additionalProperties":false}}}""";

    static final String CONVERSATION = """
            {"model":"gemini/tools","max_tokens":2000,"stop":["END"],"temperature":1,"top_k":40,\
            "reasoning":{"effort":"low"},"tools":[%s],\
            "tool_choice":{"type":"function","function":{"name":"get_weather"}},\
            "response_format":{"type":"json_object"},\
            "messages":[{"role":"system","content":"Be brief."},{"role":"developer","content":"Use Celsius."},\
            {"role":"user","content":[{"type":"text","text":"Weather here?"},\
            {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}},\
            {"type":"image_url","image_url":{"url":"https://example.com/paris.webp"}}]},\
            {"role":"assistant","content":null,"reasoning_details":[{"type":"reasoning.encrypted",\
            "data":"sig-gem-1","id":"call_A","format":"google-gemini-v1","index":0}],\
            "tool_calls":[{"id":"call_A","type":"function","function":{"name":"get_weather",\
            "arguments":"{\\"city\\":\\"Paris\\"}"}},{"id":"call_B","type":"function",\
            "function":{"name":"get_time","arguments":"{}"}}]},\
            {"role":"tool","tool_call_id":"call_B","content":"{\\"time\\":\\"12:00\\"}"},\
            {"role":"tool","tool_call_id":"call_A","content":"18C"}]}""".formatted(TOOL);

    static final String EXPECTED_REQUEST = """
            {"contents":[{"role":"user","parts":[{"text":"Weather here?"},\
            {"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgo="}},\
            {"fileData":{"mimeType":"image/webp","fileUri":"https://example.com/paris.webp"}}]},\
            {"role":"model","parts":[{"functionCall":{"name":"get_weather","args":{"city":"Paris"},"id":"call_A"},\
            "thoughtSignature":"sig-gem-1"},{"functionCall":{"name":"get_time","args":{},"id":"call_B"}}]},\
            {"role":"user","parts":[{"functionResponse":{"name":"get_weather","response":{"output":"18C"},\
            "id":"call_A"}},{"functionResponse":{"name":"get_time","response":{"time":"12:00"},"id":"call_B"}}]}],\
            "systemInstruction":{"parts":[{"text":"Be brief."},{"text":"Use Celsius."}]},\
            "tools":[{"functionDeclarations":[{"name":"get_weather","description":"Weather by city",\
            "parametersJsonSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],\
            "additionalProperties":false}}]}],\
            "toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["get_weather"]}},\
            "generationConfig":{"temperature":1,"topK":40,"maxOutputTokens":2000,"stopSequences":["END"],\
            "thinkingConfig":{"thinkingBudget":1024,"includeThoughts":true}}}""";

    /** gemini/tools' usage at its prices: 800 uncached prompt x 0.00000125 + 1,200 cached x 0.000000125 + 400 output
     * x 0.00001 + 300 thought tokens x 0.00001 (no reasoning price: the completion price). */
    static final String TOOLS_COST = "0.00815";

    private JsonNode sent() {
        return router.fake().received().getLast().body();
    }

    @Test
    void translatesSystemImagesToolCallsWithSignaturesToolResultsAndGenerationConfig() {
        HttpResponse<String> response = chat(CONVERSATION);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(sent()).isEqualTo(Json.read(EXPECTED_REQUEST));
    }

    @Test
    void asksForJsonOutputWithItsSchemaWhenNoFunctionsAreDeclared() {
        HttpResponse<String> response = chat("""
                {"model":"gemini/ok","response_format":{"type":"json_schema","json_schema":{"name":"weather",\
                "schema":{"type":"object","properties":{"city":{"type":"string"}}}}},%s}"""
                .formatted(HI));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(sent().path("generationConfig").path("responseMimeType").asString()).isEqualTo("application/json");
        assertThat(sent().path("generationConfig").path("responseJsonSchema")).isEqualTo(Json.read(
                "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}"));
    }

    @Test
    void callsGenerateContentWithTheGoogleKeyHeader() {
        // gemini/ok has no known completion limit: the answer is limited to what its credit hold was made for
        chat("{\"model\":\"gemini/ok\",\"reasoning\":{\"effort\":\"none\"}," + HI + "}");

        FakeUpstream.Received received = router.fake().received().getFirst();
        assertThat(received.path()).isEqualTo("/gemini/v1beta/models/ok:generateContent");
        assertThat(received.query()).isNull();
        assertThat(received.headers().getFirst("x-goog-api-key")).isEqualTo("gem-test");
        assertThat(received.authorization()).isNull();
        assertThat(received.body()).isEqualTo(Json.read("""
                {"contents":[{"role":"user","parts":[{"text":"Hi"}]}],\
                "generationConfig":{"maxOutputTokens":8192,"thinkingConfig":{"thinkingBudget":0}}}"""));
    }

    @Test
    void answersWithTextThoughtsMintedToolCallIdsSignaturesAndThoughtUsage() {
        HttpResponse<String> response = chat("{\"model\":\"gemini/tools\"," + HI + "}");
        String body = response.body();
        JsonNode message = Json.read(body).at("/choices/0/message");
        String callId = message.at("/tool_calls/0/id").asString();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(message.path("content").asString()).isEqualTo("Let me check.");
        assertThat(message.path("reasoning").asString()).isEqualTo("Considering the weather.");
        assertThat(callId).matches("call_[A-Za-z0-9]{24}");
        assertThat(message.at("/tool_calls/0")).isEqualTo(Json.read("""
                {"id":"%s","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}"""
                .formatted(callId)));
        assertThat(message.path("reasoning_details")).isEqualTo(Json.read("""
                [{"type":"reasoning.text","format":"google-gemini-v1","index":0,"text":"Considering the weather."},\
                {"type":"reasoning.encrypted","format":"google-gemini-v1","index":1,"data":"sig-gem-1","id":"%s"}]"""
                .formatted(callId)));
        assertThat((String) JsonPath.read(body, "$.choices[0].finish_reason")).isEqualTo("tool_calls");
        assertThat((String) JsonPath.read(body, "$.choices[0].native_finish_reason")).isEqualTo("STOP");
        assertThat((Integer) JsonPath.read(body, "$.usage.prompt_tokens")).isEqualTo(2000);
        assertThat((Integer) JsonPath.read(body, "$.usage.completion_tokens")).isEqualTo(700);
        assertThat((Integer) JsonPath.read(body, "$.usage.prompt_tokens_details.cached_tokens")).isEqualTo(1200);
        assertThat((Integer) JsonPath.read(body, "$.usage.completion_tokens_details.reasoning_tokens")).isEqualTo(300);
        assertThat(Json.decimal(body, "/usage/cost")).isEqualByComparingTo(TOOLS_COST);
    }

    @Test
    void sendsTheSignatureBackWithItsFunctionCallAndNamesTheResultByTheMintedId() {
        JsonNode message = Json.read(chat("{\"model\":\"gemini/tools\"," + HI + "}").body()).at("/choices/0/message");
        String callId = message.at("/tool_calls/0/id").asString();
        String next = "{\"model\":\"gemini/ok\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}," + message
                + ",{\"role\":\"tool\",\"tool_call_id\":\"" + callId + "\",\"content\":\"18C\"}]}";

        assertThat(chat(next).statusCode()).isEqualTo(200);
        assertThat(sent().path("contents")).isEqualTo(Json.read("""
                [{"role":"user","parts":[{"text":"Hi"}]},\
                {"role":"model","parts":[{"text":"Let me check."},\
                {"functionCall":{"name":"get_weather","args":{"city":"Paris"}},"thoughtSignature":"sig-gem-1"}]},\
                {"role":"user","parts":[{"functionResponse":{"name":"get_weather","response":{"output":"18C"}}}]}]"""));
    }

    @Test
    void streamsOverSseWithRoleReasoningContentIndexedToolCallThenFinishUsageAndDone() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("gemini/tools"));
        List<String> data = RouterFixture.sseData(response);
        List<JsonNode> chunks = data.subList(0, data.size() - 1).stream().map(Json::read).toList();
        List<JsonNode> calls = chunks.stream().flatMap(c -> stream(c.at("/choices/0/delta/tool_calls"))).toList();
        JsonNode usage = chunks.getLast();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(router.fake().received().getFirst().path()).isEqualTo("/gemini/v1beta/models/tools:streamGenerateContent");
        assertThat(router.fake().received().getFirst().query()).isEqualTo("alt=sse");
        assertThat(data.getLast()).isEqualTo("[DONE]");
        assertThat(chunks.getFirst().at("/choices/0/delta/role").asString()).isEqualTo("assistant");
        assertThat(join(chunks, "/choices/0/delta/reasoning")).isEqualTo("Considering the weather.");
        assertThat(join(chunks, "/choices/0/delta/content")).isEqualTo("Let me check.");
        assertThat(calls).singleElement().satisfies(call -> {
            assertThat(call.path("index").asInt(-1)).isZero();
            assertThat(call.path("id").asString()).startsWith("call_");
            assertThat(call.at("/function/arguments").asString()).isEqualTo("{\"city\":\"Paris\"}");
        });
        assertThat(chunks.get(chunks.size() - 2).at("/choices/0/finish_reason").asString()).isEqualTo("tool_calls");
        assertThat(usage.path("choices").isEmpty()).isTrue();
        assertThat(usage.at("/usage/completion_tokens_details/reasoning_tokens").asInt()).isEqualTo(300);
        assertThat(Json.decimal(data.get(data.size() - 2), "/usage/cost")).isEqualByComparingTo(TOOLS_COST);
        assertThat((String) JsonPath.read(generationOf(response), "$.data.finish_reason")).isEqualTo("tool_calls");
        assertThat((String) JsonPath.read(generationOf(response), "$.data.native_finish_reason")).isEqualTo("STOP");
    }

    @Test
    void mapsMaxTokensToLength() {
        HttpResponse<String> response = chat("{\"model\":\"gemini/maxtokens\"," + HI + "}");

        assertThat((String) JsonPath.read(response.body(), "$.choices[0].finish_reason")).isEqualTo("length");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].native_finish_reason")).isEqualTo("MAX_TOKENS");
        assertThat((String) JsonPath.read(generationOf(response), "$.data.native_finish_reason"))
                .isEqualTo("MAX_TOKENS");
    }

    @Test
    void fallsBackOnOverloadErrorEventsBeforeContentAndRejectedKeys() {
        HttpResponse<String> overloaded = chat("{\"model\":\"gemini/overloaded\"," + HI + "}");
        HttpResponse<String> streamed = chat(RouterFixture.streamBody("gemini/errorbefore"));
        HttpResponse<String> badKey = chat("{\"model\":\"gemini/bad-key\"," + HI + "}");

        assertThat(overloaded.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(overloaded.body(), "$.provider")).isEqualTo("Fake B");
        assertThat(streamed.statusCode()).isEqualTo(200);
        assertThat(streamed.body()).doesNotContain("overloaded", "Fake Gemini").contains("Fake B");
        assertThat(RouterFixture.sseData(streamed)).last().isEqualTo("[DONE]");
        assertThat(badKey.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(badKey.body(), "$.provider")).isEqualTo("Fake B");
    }

    @Test
    void reportsRateLimitsAndRejectedRequestsLikeOtherProviders() {
        HttpResponse<String> limited = chat("{\"model\":\"gemini/rate-limited\"," + HI + "}");
        HttpResponse<String> rejected = chat("{\"model\":\"gemini/bad-request\"," + HI + "}");

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.headers().firstValue("Retry-After")).hasValue("7");
        assertThat(rejected.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(rejected.body(), "$.error.message")).contains("Invalid JSON payload");
    }

    @Test
    void endsWithAnErrorChunkWhenTheStreamEndsWithoutAFinishReason() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("gemini/drop"));
        String last = RouterFixture.sseData(response).getLast();

        assertThat(response.body()).contains("\"content\":\"Hel\"").doesNotContain("[DONE]");
        assertThat((String) JsonPath.read(last, "$.choices[0].finish_reason")).isEqualTo("error");
    }

    @Test
    void keepsTheCallerWaitingWithCommentsUntilASlowFirstByte() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("gemini/slow"));

        assertThat(response.body().indexOf(": QUINTET PROCESSING")).isNotNegative()
                .isLessThan(response.body().indexOf("data: "));
        assertThat(RouterFixture.sseData(response)).last().isEqualTo("[DONE]");
    }

    static Stream<JsonNode> stream(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false);
    }

    static String join(List<JsonNode> chunks, String pointer) {
        return String.join("", chunks.stream().map(c -> c.at(pointer).asString("")).toList());
    }
}
