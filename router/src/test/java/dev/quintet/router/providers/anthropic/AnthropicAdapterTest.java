package dev.quintet.router.providers.anthropic;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.FakeUpstream;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** The Anthropic Messages adapter against the fake's Anthropic side, through the router on a real port. */
class AnthropicAdapterTest extends RouterTest {

    static final String TOOL = """
            {"type":"function","function":{"name":"get_weather","description":"Weather by city",\
            "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}""";

    static final String CONVERSATION = """
            {"model":"claude/tools","max_tokens":2000,"stop":"END","temperature":1,"user":"u-42",\
            "reasoning":{"max_tokens":1500},"tools":[%s],"tool_choice":"required","parallel_tool_calls":false,\
            "messages":[{"role":"system","content":"Be brief."},\
            {"role":"user","content":[{"type":"text","text":"Weather here?"},\
            {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}},\
            {"type":"image_url","image_url":{"url":"https://example.com/paris.jpg"}}]},\
            {"role":"assistant","content":"Let me check.","reasoning_details":[{"type":"reasoning.text",\
            "text":"The user wants the weather.","signature":"sig-ant-1","format":"anthropic-claude-v1","index":0}],\
            "tool_calls":[{"id":"toolu_01A","type":"function","function":{"name":"get_weather",\
            "arguments":"{\\"city\\":\\"Paris\\"}"}},{"id":"toolu_01B","type":"function",\
            "function":{"name":"get_weather","arguments":"{\\"city\\":\\"Lyon\\"}"}}]},\
            {"role":"tool","tool_call_id":"toolu_01A","content":"18C"},\
            {"role":"tool","tool_call_id":"toolu_01B","content":"21C"},\
            {"role":"user","content":"Thanks"}]}""".formatted(TOOL);

    static final String EXPECTED_REQUEST = """
            {"model":"tools","system":[{"type":"text","text":"Be brief."}],"messages":[\
            {"role":"user","content":[{"type":"text","text":"Weather here?"},\
            {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}},\
            {"type":"image","source":{"type":"url","url":"https://example.com/paris.jpg"}}]},\
            {"role":"assistant","content":[\
            {"type":"thinking","thinking":"The user wants the weather.","signature":"sig-ant-1"},\
            {"type":"text","text":"Let me check."},\
            {"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{"city":"Paris"}},\
            {"type":"tool_use","id":"toolu_01B","name":"get_weather","input":{"city":"Lyon"}}]},\
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01A","content":"18C"},\
            {"type":"tool_result","tool_use_id":"toolu_01B","content":"21C"},{"type":"text","text":"Thanks"}]}],\
            "max_tokens":2000,"stop_sequences":["END"],"tools":[{"name":"get_weather","description":"Weather by city",\
            "input_schema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}],\
            "tool_choice":{"type":"any","disable_parallel_tool_use":true},"temperature":1,\
            "metadata":{"user_id":"u-42"}}""";

    /** claude/tools' usage at its prices: 100 input x 0.000003 + 1,200 cache reads x 0.0000003 + 300 five-minute
     * cache writes x 0.00000375 + 200 one-hour cache writes x 0.000006 + 700 output x 0.000015. */
    static final String TOOLS_COST = "0.013485";

    private JsonNode sent() {
        return router.fake().received().getLast().body();
    }

    @Test
    void translatesSystemImagesToolCallsToolResultsThinkingAndParameters() {
        HttpResponse<String> response = chat(CONVERSATION);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(sent()).isEqualTo(Json.read(EXPECTED_REQUEST));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"max_tokens\":2000,\"reasoning\":{\"effort\":\"low\"}|1024",
            "\"max_tokens\":1100,\"reasoning\":{\"max_tokens\":5000}|1099",
            "\"max_tokens\":4000,\"reasoning\":{\"max_tokens\":100}|1024",
            "\"max_tokens\":800,\"reasoning\":{\"effort\":\"high\"}|0",
            "\"max_tokens\":1024,\"reasoning\":{\"max_tokens\":100}|0"})
    void keepsTheThinkingBudgetWhereAnthropicTakesItOrLeavesThinkingOff(String fields, int budget) {
        HttpResponse<String> response = chat("{\"model\":\"claude/ok\"," + fields + "," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(sent().path("thinking").path("budget_tokens").asInt(0)).isEqualTo(budget);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"required\"|{\"type\":\"any\"}|false",
            "{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}}"
                    + "|{\"type\":\"tool\",\"name\":\"get_weather\"}|false",
            "\"auto\"|{\"type\":\"auto\"}|true",
            "\"none\"|{\"type\":\"none\"}|true"})
    void leavesThinkingOffWhenTheToolChoiceForcesAToolSinceAnthropicRefusesBoth(String choice, String sentChoice,
            boolean thinks) {
        HttpResponse<String> response = chat("{\"model\":\"claude/ok\",\"max_tokens\":2000,\"temperature\":0.3,"
                + "\"reasoning\":{\"effort\":\"high\"},\"tools\":[" + TOOL + "],\"tool_choice\":" + choice + ","
                + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(sent().path("tool_choice")).isEqualTo(Json.read(sentChoice));
        assertThat(sent().has("thinking")).isEqualTo(thinks);
        assertThat(sent().has("temperature")).isNotEqualTo(thinks);
    }

    @Test
    void leavesOutBlankStopSequencesAndBlankTextWithoutSendingAnEmptyTurn() {
        HttpResponse<String> response = chat("""
                {"model":"claude/ok","stop":[" ","END","\\n\\n"],"messages":[{"role":"system","content":"  "},\
                {"role":"user","content":[{"type":"text","text":"Hi"},{"type":"text","text":" \\n"}]},\
                {"role":"assistant","content":" "},{"role":"user","content":"\\t"},\
                {"role":"assistant","content":"  ","tool_calls":[{"id":"toolu_01T","type":"function",\
                "function":{"name":"get_time","arguments":"{}"}}]},\
                {"role":"tool","tool_call_id":"toolu_01T","content":" "},{"role":"user","content":"Thanks"}]}""");
        HttpResponse<String> onlyBlankStops = chat("{\"model\":\"claude/ok\",\"stop\":\"\\n\"," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode request = router.fake().received().getFirst().body();
        assertThat(request.path("stop_sequences")).isEqualTo(Json.read("[\"END\"]"));
        assertThat(request.has("system")).isFalse();
        assertThat(request.path("messages")).isEqualTo(Json.read("""
                [{"role":"user","content":[{"type":"text","text":"Hi"}]},\
                {"role":"assistant","content":[{"type":"tool_use","id":"toolu_01T","name":"get_time","input":{}}]},\
                {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01T"},\
                {"type":"text","text":"Thanks"}]}]"""));
        assertThat(onlyBlankStops.statusCode()).isEqualTo(200);
        assertThat(sent().has("stop_sequences")).isFalse();
    }

    @Test
    void sendsPdfFilesAsBase64DocumentsAndTextFilesAsTextDocumentsDecodedInTheirCharset() {
        HttpResponse<String> response = chat("""
                {"model":"claude/ok","messages":[{"role":"user","content":[{"type":"text","text":"Read these"},\
                %s,%s,%s,%s,%s]}]}""".formatted(file("application/pdf", "JVBERi0xLjQK"),
                file("text/plain", "SGVsbG8sIHdvcmxkCg=="), file("text/plain;charset=UTF-8", "R3LDvMOfZQo="),
                file("text/plain;charset=iso-8859-1", "R3L832UK"), file("text/csv", "YSxiCg==")));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(sent().at("/messages/0/content")).isEqualTo(Json.read("""
                [{"type":"text","text":"Read these"},\
                {"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjQK"}},\
                {"type":"document","source":{"type":"text","media_type":"text/plain","data":"Hello, world\\n"}},\
                {"type":"document","source":{"type":"text","media_type":"text/plain","data":"Grüße\\n"}},\
                {"type":"document","source":{"type":"text","media_type":"text/plain","data":"Grüße\\n"}},\
                {"type":"document","source":{"type":"text","media_type":"text/plain","data":"a,b\\n"}}]"""));
    }

    @ParameterizedTest
    @CsvSource({"text/plain,//5B", "text/plain;charset=x-unknown,YQ==", "application/zip,UEsDBA=="})
    void refusesAFileItCannotSendRatherThanLeaveItOut(String mediaType, String data) {
        HttpResponse<String> response = chat("""
                {"model":"claude/ok","messages":[{"role":"user","content":[{"type":"text","text":"Read"},%s]}]}"""
                .formatted(file(mediaType, data)));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat(response.body()).contains("No endpoints found that support file input", "messages[0].content[1]");
        assertThat(router.fake().received()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"1.7,1", "2,1", "1,1", "0.4,0.4", "0,0"})
    void sendsATemperatureAboveAnthropicsMostAsOne(String temperature, double sent) {
        HttpResponse<String> response = chat("{\"model\":\"claude/ok\",\"temperature\":" + temperature + ","
                + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(sent().path("temperature").asDouble(-1)).isEqualTo(sent);
    }

    @Test
    void callsTheMessagesPathWithAnthropicHeadersAndTheEndpointLimitAsMaxTokens() {
        chat("{\"model\":\"claude/ok\",\"reasoning\":{\"effort\":\"high\"},\"top_p\":0.5," + HI + "}");

        FakeUpstream.Received received = router.fake().received().getFirst();
        assertThat(received.path()).isEqualTo("/anthropic/v1/messages");
        assertThat(received.headers().getFirst("x-api-key")).isEqualTo("sk-ant-test");
        assertThat(received.headers().getFirst("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(received.authorization()).isNull();
        assertThat(received.body().path("max_tokens").asInt()).isEqualTo(4096);
        assertThat(received.body().path("thinking").path("budget_tokens").asInt()).isEqualTo(3276);
        assertThat(received.body().has("top_p")).isFalse();
        assertThat(received.body().path("messages")).isEqualTo(Json.read(
                "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}]}]"));
    }

    @Test
    void answersWithTextReasoningSignedDetailsToolCallsAndCacheUsage() {
        HttpResponse<String> response = chat("{\"model\":\"claude/tools\"," + HI + "}");
        String body = response.body();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.object")).isEqualTo("chat.completion");
        assertThat((String) JsonPath.read(body, "$.choices[0].message.role")).isEqualTo("assistant");
        assertThat((String) JsonPath.read(body, "$.choices[0].message.content")).isEqualTo("Let me check.");
        assertThat((String) JsonPath.read(body, "$.choices[0].message.reasoning")).isEqualTo("The user wants the weather.");
        assertThat(Json.read(body).at("/choices/0/message/reasoning_details")).isEqualTo(Json.read("""
                [{"type":"reasoning.text","format":"anthropic-claude-v1","index":0,\
                "text":"The user wants the weather.","signature":"sig-ant-1"}]"""));
        assertThat(Json.read(body).at("/choices/0/message/tool_calls")).isEqualTo(Json.read("""
                [{"id":"toolu_01A","type":"function","function":{"name":"get_weather",\
                "arguments":"{\\"city\\":\\"Paris\\"}"}}]"""));
        assertThat((String) JsonPath.read(body, "$.choices[0].finish_reason")).isEqualTo("tool_calls");
        assertThat((String) JsonPath.read(body, "$.choices[0].native_finish_reason")).isEqualTo("tool_use");
        assertThat((Integer) JsonPath.read(body, "$.usage.prompt_tokens")).isEqualTo(1800);
        assertThat((Integer) JsonPath.read(body, "$.usage.completion_tokens")).isEqualTo(700);
        assertThat((Integer) JsonPath.read(body, "$.usage.total_tokens")).isEqualTo(2500);
        assertThat((Integer) JsonPath.read(body, "$.usage.prompt_tokens_details.cached_tokens")).isEqualTo(1200);
        assertThat((Integer) JsonPath.read(body, "$.usage.prompt_tokens_details.cache_write_tokens")).isEqualTo(500);
        assertThat((Integer) JsonPath.read(body, "$.usage.prompt_tokens_details.cache_write_1h_tokens")).isEqualTo(200);
        assertThat(Json.decimal(body, "/usage/cost")).isEqualByComparingTo(TOOLS_COST);
        String generation = generationOf(response);
        assertThat((String) JsonPath.read(generation, "$.data.native_finish_reason")).isEqualTo("tool_use");
        assertThat((Integer) JsonPath.read(generation, "$.data.native_tokens_cache_write")).isEqualTo(500);
        assertThat((Integer) JsonPath.read(generation, "$.data.native_tokens_cache_write_1h")).isEqualTo(200);
        assertThat(Json.decimal(generation, "/data/total_cost")).isEqualByComparingTo(TOOLS_COST);
    }

    @Test
    void sendsParallelToolCallsOffToAnEndpointWhoseListNamesOnlyTools() {
        HttpResponse<String> response = chat("{\"model\":\"claude/listed\",\"tools\":[" + TOOL + "],"
                + "\"parallel_tool_calls\":false,\"provider\":{\"require_parameters\":true}," + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(sent().path("tool_choice")).isEqualTo(Json.read(
                "{\"type\":\"auto\",\"disable_parallel_tool_use\":true}"));
    }

    @Test
    void sendsTheAnswersSignatureAndToolIdsBackOnTheNextTurn() {
        String first = chat("{\"model\":\"claude/tools\"," + HI + "}").body();
        JsonNode message = Json.read(first).at("/choices/0/message");
        String next = "{\"model\":\"claude/ok\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}," + message
                + ",{\"role\":\"tool\",\"tool_call_id\":\"toolu_01A\",\"content\":\"18C\"}]}";

        assertThat(chat(next).statusCode()).isEqualTo(200);
        assertThat(sent().path("messages").path(1)).isEqualTo(Json.read("""
                {"role":"assistant","content":[\
                {"type":"thinking","thinking":"The user wants the weather.","signature":"sig-ant-1"},\
                {"type":"text","text":"Let me check."},\
                {"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{"city":"Paris"}}]}"""));
        assertThat(sent().path("messages").path(2)).isEqualTo(Json.read("""
                {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01A","content":"18C"}]}"""));
    }

    @Test
    void streamsRoleReasoningSignatureTextAndIndexedToolCallDeltasThenFinishAndUsage() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("claude/tools"));
        List<String> data = RouterFixture.sseData(response);
        List<JsonNode> chunks = data.subList(0, data.size() - 1).stream().map(Json::read).toList();
        List<JsonNode> toolDeltas = chunks.stream().flatMap(c -> stream(c.at("/choices/0/delta/tool_calls"))).toList();
        JsonNode finish = chunks.get(chunks.size() - 2);
        JsonNode usage = chunks.getLast();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(data.getLast()).isEqualTo("[DONE]");
        assertThat(sent().path("stream").asBoolean()).isTrue();
        assertThat(chunks.getFirst().at("/choices/0/delta/role").asString()).isEqualTo("assistant");
        assertThat(join(chunks, "/choices/0/delta/reasoning")).isEqualTo("The user wants the weather.");
        assertThat(chunks.stream().flatMap(c -> stream(c.at("/choices/0/delta/reasoning_details")))
                .filter(d -> d.has("signature")).toList()).singleElement()
                .satisfies(d -> assertThat(d.path("signature").asString()).isEqualTo("sig-ant-1"));
        assertThat(join(chunks, "/choices/0/delta/content")).isEqualTo("Hello");
        assertThat(toolDeltas).allSatisfy(d -> assertThat(d.path("index").asInt(-1)).isZero());
        assertThat(toolDeltas.getFirst().path("id").asString()).isEqualTo("toolu_01A");
        assertThat(toolDeltas.getFirst().path("type").asString()).isEqualTo("function");
        assertThat(toolDeltas.getFirst().at("/function/name").asString()).isEqualTo("get_weather");
        assertThat(String.join("", toolDeltas.stream().map(d -> d.at("/function/arguments").asString("")).toList()))
                .isEqualTo("{\"city\": \"Paris\"}");
        assertThat(finish.at("/choices/0/finish_reason").asString()).isEqualTo("tool_calls");
        assertThat(chunks.subList(0, chunks.size() - 2)).allSatisfy(c ->
                assertThat(c.at("/choices/0/finish_reason").isNull()).isTrue());
        assertThat(usage.path("choices").isEmpty()).isTrue();
        assertThat(usage.at("/usage/prompt_tokens").asInt()).isEqualTo(1800);
        assertThat(usage.at("/usage/prompt_tokens_details/cache_write_tokens").asInt()).isEqualTo(500);
        assertThat(usage.at("/usage/prompt_tokens_details/cache_write_1h_tokens").asInt()).isEqualTo(200);
        assertThat(Json.decimal(data.get(data.size() - 2), "/usage/cost")).isEqualByComparingTo(TOOLS_COST);
        assertThat(finish.at("/choices/0/native_finish_reason").asString()).isEqualTo("tool_use");
        assertThat((String) JsonPath.read(generationOf(response), "$.data.native_finish_reason")).isEqualTo("tool_use");
    }

    @Test
    void streamsEmptyObjectArgumentsForAToolWithoutParametersAsWhenNotStreamed() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("claude/noargs"));
        List<String> data = RouterFixture.sseData(response);
        List<JsonNode> toolDeltas = data.subList(0, data.size() - 1).stream().map(Json::read)
                .flatMap(c -> stream(c.at("/choices/0/delta/tool_calls"))).toList();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(toolDeltas).allSatisfy(d -> assertThat(d.path("index").asInt(-1)).isZero());
        assertThat(toolDeltas.getFirst().at("/function/name").asString()).isEqualTo("get_time");
        assertThat(String.join("", toolDeltas.stream().map(d -> d.at("/function/arguments").asString("")).toList()))
                .isEqualTo("{}");
    }

    @Test
    void keepsMessageStartsCountsWhenTheStreamedMessageDeltaSendsThemAsNull() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("claude/unsetcounts"));
        List<String> data = RouterFixture.sseData(response);
        JsonNode usage = Json.read(data.get(data.size() - 2)).path("usage");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(usage.path("prompt_tokens").asInt()).isEqualTo(1800);
        assertThat(usage.path("completion_tokens").asInt()).isEqualTo(2);
        assertThat(usage.at("/prompt_tokens_details/cached_tokens").asInt()).isEqualTo(1200);
        assertThat(usage.at("/prompt_tokens_details/cache_write_tokens").asInt()).isEqualTo(500);
        assertThat(usage.at("/prompt_tokens_details/cache_write_1h_tokens").asInt()).isEqualTo(200);
        // 100 x 0.000003 + 1,200 x 0.0000003 + 300 x 0.00000375 + 200 x 0.000006 + 2 x 0.000015
        assertThat(Json.decimal(generationOf(response), "/data/total_cost")).isEqualByComparingTo("0.003015");
    }

    @Test
    void fallsBackOnOverloadedAnswersAndOverloadedEventsBeforeContent() {
        HttpResponse<String> plain = chat("{\"model\":\"claude/overloaded\"," + HI + "}");
        HttpResponse<String> streamed = chat(RouterFixture.streamBody("claude/errorbefore"));

        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(plain.body(), "$.provider")).isEqualTo("Fake B");
        assertThat(streamed.statusCode()).isEqualTo(200);
        assertThat(streamed.body()).doesNotContain("Overloaded", "Fake Anthropic").contains("Fake B");
        assertThat(RouterFixture.sseData(streamed)).last().isEqualTo("[DONE]");
        assertThat(router.fake().received()).extracting(FakeUpstream.Received::path).containsExactly(
                "/anthropic/v1/messages", "/b/v1/chat/completions", "/anthropic/v1/messages", "/b/v1/chat/completions");
    }

    @Test
    void reportsRateLimitsRejectedRequestsAndRejectedKeysLikeOtherProviders() {
        HttpResponse<String> limited = chat("{\"model\":\"claude/rate-limited\"," + HI + "}");
        HttpResponse<String> rejected = chat("{\"model\":\"claude/bad-request\"," + HI + "}");
        HttpResponse<String> badKey = chat("{\"model\":\"claude/bad-key\"," + HI + "}");

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.headers().firstValue("Retry-After")).hasValue("7");
        assertThat(rejected.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(rejected.body(), "$.error.message")).contains("roles must alternate");
        assertThat(badKey.statusCode()).isEqualTo(502);
        assertThat((String) JsonPath.read(badKey.body(), "$.error.message")).contains("invalid x-api-key");
    }

    @Test
    void endsWithAnErrorChunkWhenTheStreamBreaksAfterContent() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("claude/drop"));
        String last = RouterFixture.sseData(response).getLast();

        assertThat(response.body()).contains("\"content\":\"Hel\"").doesNotContain("[DONE]");
        assertThat((String) JsonPath.read(last, "$.choices[0].finish_reason")).isEqualTo("error");
        assertThat((String) JsonPath.read(last, "$.error.message")).contains("closed the stream");
    }

    @Test
    void keepsTheCallerWaitingWithCommentsUntilASlowFirstByte() {
        HttpResponse<String> response = chat(RouterFixture.streamBody("claude/slow"));

        assertThat(response.body().indexOf(": QUINTET PROCESSING")).isNotNegative()
                .isLessThan(response.body().indexOf("data: "));
        assertThat(RouterFixture.sseData(response)).last().isEqualTo("[DONE]");
    }

    /** A {@code file} content part holding {@code base64} data of {@code mediaType} as a data URL. */
    private static String file(String mediaType, String base64) {
        return "{\"type\":\"file\",\"file\":{\"filename\":\"f\",\"file_data\":\"data:" + mediaType + ";base64,"
                + base64 + "\"}}";
    }

    static java.util.stream.Stream<JsonNode> stream(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false);
    }

    static String join(List<JsonNode> chunks, String pointer) {
        return String.join("", chunks.stream().map(c -> c.at(pointer).asString("")).toList());
    }
}
