package dev.quintet.router.providers.gemini;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.testing.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class GeminiMappingTest {

    /** Two calls of one function, ids minted by the router, the results given in the other order. */
    static final String SAME_FUNCTION_TWICE = """
            [{"role":"user","content":"Weather in Paris and Tokyo?"},\
            {"role":"assistant","content":null,"tool_calls":[\
            {"id":"%1$s","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}},\
            {"id":"%2$s","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Tokyo\\"}"}}]},\
            {"role":"tool","tool_call_id":"%2$s","content":"25C"},\
            {"role":"tool","tool_call_id":"%1$s","content":"18C"}]""";
    static final String MINTED_A = "call_AAAAAAAAAAAAAAAAAAAAAAAA";
    static final String MINTED_B = "call_BBBBBBBBBBBBBBBBBBBBBBBB";

    @ParameterizedTest
    @CsvSource({"STOP,false,stop", "STOP,true,tool_calls", "MAX_TOKENS,false,length", "SAFETY,false,content_filter",
            "RECITATION,false,content_filter", "PROHIBITED_CONTENT,false,content_filter",
            "MALFORMED_FUNCTION_CALL,false,error", "OTHER,false,stop"})
    void mapsFinishReasons(String reason, boolean toolCalls, String finishReason) {
        assertThat(GeminiAnswer.finishReason(reason, toolCalls)).isEqualTo(finishReason);
    }

    @ParameterizedTest
    @CsvSource({"OTHER", "SAFETY", "BLOCKLIST", "BLOCK_REASON_UNSPECIFIED"})
    void aBlockedPromptIsAContentFilterWhateverTheReason(String blockReason) {
        JsonNode answer = Json.read("{\"promptFeedback\":{\"blockReason\":\"" + blockReason + "\"}}");

        assertThat(GeminiAnswer.finishReason(answer, false)).isEqualTo("content_filter");
        assertThat(GeminiAnswer.nativeFinishReason(answer)).isEqualTo(blockReason);
    }

    @Test
    void sendsToolResultsInTheOrderOfTheCallsTheyAnswer() {
        JsonNode contents = contents(SAME_FUNCTION_TWICE.formatted(MINTED_A, MINTED_B));

        assertThat(contents.at("/2")).isEqualTo(Json.read("""
                {"role":"user","parts":[\
                {"functionResponse":{"name":"get_weather","response":{"output":"18C"}}},\
                {"functionResponse":{"name":"get_weather","response":{"output":"25C"}}}]}"""));
    }

    @Test
    void sendsToolResultsSplitByAUserMessageInTheOrderOfTheCallsBeforeIt() {
        String split = SAME_FUNCTION_TWICE.formatted(MINTED_A, MINTED_B)
                .replace("{\"role\":\"tool\",\"tool_call_id\":\"" + MINTED_A,
                        "{\"role\":\"user\",\"content\":\"Hurry.\"},{\"role\":\"tool\",\"tool_call_id\":\"" + MINTED_A);

        assertThat(contents(split).at("/2")).isEqualTo(Json.read("""
                {"role":"user","parts":[\
                {"functionResponse":{"name":"get_weather","response":{"output":"18C"}}},\
                {"functionResponse":{"name":"get_weather","response":{"output":"25C"}}},{"text":"Hurry."}]}"""));
    }

    @Test
    void keepsTheOrderWhereNoCallsAreAnswered() {
        JsonNode contents = contents("""
                [{"role":"user","content":"Hi"},{"role":"tool","tool_call_id":"x","name":"f","content":"1"}]""");

        assertThat(contents.at("/0/parts/0/text").asString()).isEqualTo("Hi");
    }

    @Test
    void sendsTheIdsGeminiGaveBackOnTheCallsAndTheirResultsButNotMintedOnes() {
        JsonNode contents = contents(SAME_FUNCTION_TWICE.formatted("call_4162774", MINTED_B));

        assertThat(contents.at("/1/parts/0/functionCall/id").asString()).isEqualTo("call_4162774");
        assertThat(contents.at("/1/parts/1/functionCall").has("id")).isFalse();
        assertThat(contents.at("/2/parts/0/functionResponse/id").asString()).isEqualTo("call_4162774");
        assertThat(contents.at("/2/parts/1/functionResponse").has("id")).isFalse();
    }

    @Test
    void tellsMintedIdsFromOthers() {
        ToolCallIds ids = new ToolCallIds(new Random(1));

        assertThat(ToolCallIds.minted(ids.next())).isTrue();
        assertThat(ToolCallIds.minted("call_4162774")).isFalse();
        assertThat(ToolCallIds.minted("toolu_01A09q90qw90lq917835lq9")).isFalse();
    }

    @Test
    void signsTheFirstUnsignedFunctionCallOfEachModelTurnWithTheValidatorSkip() {
        JsonNode contents = contents(SAME_FUNCTION_TWICE.formatted(MINTED_A, MINTED_B));

        assertThat(contents.at("/1/parts/0/thoughtSignature").asString())
                .isEqualTo("skip_thought_signature_validator");
        assertThat(contents.at("/1/parts/1").has("thoughtSignature")).isFalse();
    }

    @Test
    void keepsTheSignatureAFunctionCallCameWith() {
        JsonNode contents = contents("""
                [{"role":"user","content":"Hi"},{"role":"assistant","content":"Let me check.",\
                "reasoning_details":[{"type":"reasoning.encrypted","data":"sig-1","id":"%s",\
                "format":"google-gemini-v1"}],\
                "tool_calls":[{"id":"%1$s","type":"function","function":{"name":"get_weather","arguments":"{}"}}]},\
                {"role":"assistant","content":"Done."}]""".formatted(MINTED_A));

        assertThat(contents.at("/1/parts/1/thoughtSignature").asString()).isEqualTo("sig-1");
        assertThat(contents.at("/1/parts/0").has("thoughtSignature")).isFalse();
        assertThat(contents.at("/1/parts/2").has("thoughtSignature")).isFalse();
    }

    @Test
    void putsASignatureWithoutCallIdOnTheFirstFunctionCallElseOnTheFirstPart() {
        String withCall = """
                [{"role":"user","content":"Hi"},{"role":"assistant","content":"Let me check.",\
                "reasoning_details":[{"type":"reasoning.encrypted","data":"sig-1","format":"google-gemini-v1"}],\
                "tool_calls":[{"id":"%s","type":"function","function":{"name":"get_weather","arguments":"{}"}}]}]"""
                .formatted(MINTED_A);
        String textOnly = """
                [{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello.",\
                "reasoning_details":[{"type":"reasoning.encrypted","data":"sig-2","format":"google-gemini-v1"}]}]""";

        assertThat(contents(withCall).at("/1/parts")).isEqualTo(Json.read("""
                [{"text":"Let me check."},\
                {"functionCall":{"name":"get_weather","args":{}},"thoughtSignature":"sig-1"}]"""));
        assertThat(contents(textOnly).at("/1/parts")).isEqualTo(Json.read("""
                [{"text":"Hello.","thoughtSignature":"sig-2"}]"""));
    }

    @Test
    void sendsFilesGivenByUrlAsFileData() {
        JsonNode contents = contents("""
                [{"role":"user","content":[{"type":"text","text":"Summarise"},\
                {"type":"file","file":{"filename":"a.pdf","file_data":"https://x/a.pdf"}},\
                {"type":"file","file":{"file_data":"https://x/report?id=7"}},\
                {"type":"file","file":{"file_data":"https://x/scan.PNG"}},\
                {"type":"file","file":{"file_data":"https://x/notes.docx"}}]}]""");

        assertThat(contents.at("/0/parts")).isEqualTo(Json.read("""
                [{"text":"Summarise"},\
                {"fileData":{"mimeType":"application/pdf","fileUri":"https://x/a.pdf"}},\
                {"fileData":{"mimeType":"application/pdf","fileUri":"https://x/report?id=7"}},\
                {"fileData":{"mimeType":"image/png","fileUri":"https://x/scan.PNG"}}]"""));
    }

    @Test
    void sendsVideosInlineOrByUrlAndTellsWhatItCannotSend() {
        String messages = """
                [{"role":"user","content":[{"type":"text","text":"Describe"},\
                {"type":"video_url","video_url":{"url":"data:video/mp4;base64,AAAAIGZ0eXA="}},\
                {"type":"video_url","video_url":{"url":"https://www.youtube.com/watch?v=abc"}},\
                {"type":"video_url","video_url":"https://x/clip.final.MOV?t=3"}%s]}]""";
        JsonNode contents = contents(messages.formatted(""));

        assertThat(contents.at("/0/parts")).isEqualTo(Json.read("""
                [{"text":"Describe"},\
                {"inlineData":{"mimeType":"video/mp4","data":"AAAAIGZ0eXA="}},\
                {"fileData":{"fileUri":"https://www.youtube.com/watch?v=abc"}},\
                {"fileData":{"mimeType":"video/mov","fileUri":"https://x/clip.final.MOV?t=3"}}]"""));
        assertThat(GeminiContents.lostPart(Json.read(messages.formatted("")))).isEmpty();
        assertThat(GeminiContents.lostPart(Json.read(messages.formatted(
                ",{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://x/watch\"}}"))))
                .hasValueSatisfying(lost -> assertThat(lost.param()).isEqualTo("messages[0].content[4]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"type\":\"image_url\",\"image_url\":\"https://x/a\"}",
            "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBO\"}}",
            "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklG\",\"format\":\"mp3\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"HTTPS://x/a.pdf\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"https://x/a.docx\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/zip;base64,UEsD\"}}",
            "{\"type\":\"file\",\"file\":{\"file_id\":\"file-1\"}}",
            "{\"type\":\"video_url\",\"video_url\":{\"url\":\"http://youtu.be/abc\"}}",
            "{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://cdn/x/mp4\"}}",
            "{\"type\":\"video_url\",\"video_url\":{\"url\":\"gs://b/a.mp4\"}}",
            "{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://x/a.webm\"}}"})
    void reportsAPartLostExactlyWhenTheTranslationLeavesItOut(String part) {
        String messages = "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}," + part + "]}]";

        boolean sent = contents(messages).at("/0/parts").size() == 2;

        assertThat(GeminiContents.lostPart(Json.read(messages)).isEmpty()).isEqualTo(sent);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "file|[{\"role\":\"user\",\"content\":[{\"type\":\"file\",\"file\":{\"file_data\":"
                    + "\"https://x/notes.docx\"}}]}]",
            "image|[{\"role\":\"system\",\"content\":[{\"type\":\"image_url\",\"image_url\":"
                    + "\"https://x/a.png\"}]}]"})
    void tellsWhichPartItWouldLeaveOut(String kind, String messages) {
        assertThat(GeminiContents.lostPart(Json.read(messages))).hasValueSatisfying(lost -> {
            assertThat(lost.kind()).isEqualTo(kind);
            assertThat(lost.param()).isEqualTo("messages[0].content[0]");
        });
    }

    @ParameterizedTest
    @CsvSource({"100000,24576", "10,512", "4000,4000"})
    void keepsAThinkingBudgetWithinWhatGeminiTakes(long asked, long sent) {
        JsonNode thinking = thinking("gemini-2.5-flash", "{\"max_tokens\":" + asked + "}");

        assertThat(thinking).isEqualTo(Json.read(
                "{\"thinkingBudget\":" + sent + ",\"includeThoughts\":true}"));
    }

    @ParameterizedTest
    @CsvSource({"gemini-2.5-flash,0", "models/gemini-2.5-flash-lite,0", "gemini-2.5-pro,128",
            "gemini-3-pro-preview,128", "models/gemini-2.5-pro,128"})
    void reasoningOffIsTheSmallestBudgetOnProModelsWhichCannotTurnThinkingOff(String model, long budget) {
        assertThat(thinking(model, "{\"effort\":\"none\"}")).isEqualTo(Json.read(
                "{\"thinkingBudget\":" + budget + "}"));
    }

    @ParameterizedTest
    @CsvSource({"22s,22000", "1.5s,1500", "0.250s,250"})
    void readsTheWaitOfA429FromItsRetryInfo(String delay, long millis) throws IOException {
        UpstreamResponse answer = GeminiErrors.of(new UpstreamResponse(429, Optional.empty(), body("""
                {"error":{"code":429,"message":"Quota exceeded.","status":"RESOURCE_EXHAUSTED","details":[\
                {"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[]},\
                {"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"%s"}]}}""".formatted(delay))));

        assertThat(answer.status()).isEqualTo(429);
        assertThat(answer.retryAfter()).hasValue(Duration.ofMillis(millis));
        assertThat(new String(answer.body().readAllBytes(), StandardCharsets.UTF_8)).contains("Quota exceeded.");
    }

    @Test
    void keepsARetryAfterHeaderOverTheBodysWait() throws IOException {
        UpstreamResponse answer = GeminiErrors.of(new UpstreamResponse(429, Optional.of(Duration.ofSeconds(3)), body("""
                {"error":{"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"9s"}]}}""")));

        assertThat(answer.retryAfter()).hasValue(Duration.ofSeconds(3));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"required|f,g|ANY|f,g", "required|g|ANY|g", "auto|f,g|AUTO|"})
    void keepsTheFunctionsARequiredAllowedToolsChoiceAllows(String mode, String allowed, String geminiMode,
                                                             String names) {
        String subset = String.join(",", Arrays.stream(allowed.split(","))
                .map(f -> "{\"type\":\"function\",\"function\":{\"name\":\"" + f + "\"}}").toList());
        ObjectNode body = (ObjectNode) Json.read("{\"model\":\"m\",\"tools\":[{\"type\":\"function\","
                + "\"function\":{\"name\":\"f\"}},{\"type\":\"function\",\"function\":{\"name\":\"g\"}},{\"type\":\"function\","
                + "\"function\":{\"name\":\"h\"}}],\"tool_choice\":{\"type\":\"allowed_tools\",\"allowed_tools\":"
                + "{\"mode\":\"" + mode + "\",\"tools\":[" + subset + "]}},\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

        JsonNode config = GeminiRequest.of(body, 8192).at("/toolConfig/functionCallingConfig");

        assertThat(config.path("mode").asString()).isEqualTo(geminiMode);
        assertThat(config.path("allowedFunctionNames").valueStream().map(JsonNode::asString).toList())
                .isEqualTo(names == null ? List.of() : List.of(names.split(",")));
        assertThat(GeminiRequest.of(body, 8192).at("/tools/0/functionDeclarations")).as("all offered").hasSize(3);
    }

    @Test
    void sendsNoToolConfigForAChoiceAmongNoTools() {
        ObjectNode body = (ObjectNode) Json.read("{\"model\":\"m\",\"tool_choice\":\"required\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

        assertThat(GeminiRequest.of(body, 8192).has("toolConfig")).isFalse();
    }

    @Test
    void sendsSystemMessagesAloneAsTheUsersTurn() {
        GeminiContents sent = GeminiContents.of(Json.read("[{\"role\":\"system\",\"content\":\"Write a haiku\"}]"));

        assertThat(sent.system().isEmpty()).isTrue();
        assertThat(Json.read(sent.contents().toString()))
                .isEqualTo(Json.read("[{\"role\":\"user\",\"parts\":[{\"text\":\"Write a haiku\"}]}]"));
    }

    private static JsonNode contents(String messages) {
        return Json.read(GeminiContents.of(Json.read(messages)).contents().toString());
    }

    private static JsonNode thinking(String model, String reasoning) {
        ObjectNode body = (ObjectNode) Json.read("{\"model\":\"" + model + "\",\"reasoning\":" + reasoning
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");
        return Json.read(GeminiRequest.of(body, 8192).toString()).at("/generationConfig/thinkingConfig");
    }

    private static ByteArrayInputStream body(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
