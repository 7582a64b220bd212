package dev.quintet.router.providers.openai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.providers.ProviderInfo;
import dev.quintet.router.providers.WireFormat;
import dev.quintet.router.testing.Json;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reasoning told in a provider's own way, read into OpenRouter's fields, whole and in streams cut anywhere. */
class OpenAiAnswerReaderTest {

    private static ObjectNode answer(String message) {
        ObjectNode answer = (ObjectNode) Json.read("{\"choices\":[{\"index\":0,\"message\":" + message + "}]}");
        OpenAiAnswerReader.answer(answer);
        return (ObjectNode) answer.path("choices").path(0).path("message");
    }

    @Test
    void readsReasoningContent() {
        ObjectNode message = answer("{\"role\":\"assistant\",\"content\":\"Hello\",\"reasoning_content\":\"Plan.\"}");

        assertThat(message).isEqualTo(Json.read("""
                {"role":"assistant","content":"Hello","reasoning":"Plan.","reasoning_details":[{"type":\
                "reasoning.text","format":"unknown","index":0,"text":"Plan."}]}"""));
    }

    @Test
    void dropsAnEmptyReasoningContent() {
        assertThat(answer("{\"role\":\"assistant\",\"content\":\"Hello\",\"reasoning_content\":null}"))
                .isEqualTo(Json.read("{\"role\":\"assistant\",\"content\":\"Hello\"}"));
    }

    @Test
    void keepsTheProvidersOwnReasoningAndGivesItDetails() {
        ObjectNode message = answer("{\"content\":\"Hello\",\"reasoning\":\"Plan.\",\"reasoning_content\":\"Plan.\"}");

        assertThat(message.path("reasoning").asString()).isEqualTo("Plan.");
        assertThat(message.has("reasoning_content")).isFalse();
        assertThat(message.path("reasoning_details").size()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "<think>Plan.</think>\\n\\nHello|Plan.|Hello",
            "\\n <think>\\nPlan.\\n</think>Hello <think>x</think>|\\nPlan.\\n|Hello <think>x</think>",
            "<think>Plan, cut short|Plan, cut short|''",
            "<think>Plan.</thi|Plan.</thi|''"})
    void readsThinkTagsAtTheStart(String content, String reasoning, String answer) {
        ObjectNode message = answer("{\"content\":\"" + content + "\"}");

        assertThat(message.path("reasoning").asString()).isEqualTo(unescape(reasoning));
        assertThat(message.path("content").asString()).isEqualTo(unescape(answer));
        assertThat(message.path("reasoning_details").path(0).path("text").asString()).isEqualTo(unescape(reasoning));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Hello", " Hello", "<thinking>Hello</thinking>", "Hi <think>x</think>", "<thi", "", "  "})
    void leavesOtherContentAsItIs(String content) {
        ObjectNode message = answer("{\"content\":\"" + content + "\"}");

        assertThat(message).isEqualTo(Json.read("{\"content\":\"" + content + "\"}"));
    }

    @Test
    void readsMistralsThinkingParts() {
        ObjectNode message = answer("""
                {"role":"assistant","content":[{"type":"thinking","thinking":[{"type":"text","text":"Plan"},\
                {"type":"text","text":"ned."}]},{"type":"text","text":"Hel"},{"type":"text","text":"lo"}]}""");

        assertThat(message.path("reasoning").asString()).isEqualTo("Planned.");
        assertThat(message.path("content").asString()).isEqualTo("Hello");
    }

    @Test
    void keepsMistralsPartsOtherThanTextAsParts() {
        ObjectNode message = answer("""
                {"content":[{"type":"thinking","thinking":[{"type":"text","text":"Plan."}]},{"type":"text","text":\
                "Hello"},{"type":"reference","reference_ids":[1]}]}""");

        assertThat(message.path("reasoning").asString()).isEqualTo("Plan.");
        assertThat(message.path("content")).isEqualTo(Json.read("""
                [{"type":"text","text":"Hello"},{"type":"reference","reference_ids":[1]}]"""));
    }

    @Test
    void leavesPartsWithoutThinkingAsTheyCame() {
        String message = "{\"content\":[{\"type\":\"text\",\"text\":\"Hi\"},{\"type\":\"reference\"}]}";

        assertThat(answer(message)).isEqualTo(Json.read(message));
    }

    @Test
    void takesReasoningContentWhenTheProvidersOwnReasoningIsEmpty() {
        assertThat(answer("{\"content\":\"Hi\",\"reasoning\":\"\",\"reasoning_content\":\"Plan.\"}")
                .path("reasoning").asString()).isEqualTo("Plan.");
    }

    @Test
    void takesABlankThoughtForNone() {
        assertThat(answer("{\"content\":\"<think>\\n\\n</think>\\n\\nHello\"}"))
                .isEqualTo(Json.read("{\"content\":\"Hello\"}"));
    }

    @Test
    void leavesToolCallsWithoutContentAlone() {
        String message = "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\"}]}";

        assertThat(answer(message)).isEqualTo(Json.read(message));
    }

    /** The reasoning and content a stream of {@code pieces} reads as, its last chunk finishing the choice. */
    private static String[] stream(List<String> pieces) {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        StringBuilder reasoning = new StringBuilder();
        StringBuilder details = new StringBuilder();
        StringBuilder content = new StringBuilder();
        for (int i = 0; i < pieces.size(); i++) {
            ObjectNode chunk = (ObjectNode) Json.read("{\"choices\":[{\"index\":0,\"delta\":{}}]}");
            ObjectNode choice = (ObjectNode) chunk.path("choices").path(0);
            ((ObjectNode) choice.get("delta")).put("content", pieces.get(i));
            choice.put("finish_reason", i == pieces.size() - 1 ? "stop" : null);
            reader.chunk(chunk);
            JsonNode delta = choice.path("delta");
            reasoning.append(delta.path("reasoning").asString(""));
            content.append(delta.path("content").asString(""));
            for (JsonNode detail : delta.path("reasoning_details")) {
                assertThat(detail.path("index").asInt()).isZero();
                details.append(detail.path("text").asString());
            }
        }
        assertThat(details.toString()).isEqualTo(reasoning.toString());
        return new String[] {reasoning.toString(), content.toString()};
    }

    /** {@code text} cut into three pieces at every pair of places (pieces may be empty). */
    private static List<List<String>> cuts(String text) {
        List<List<String>> cuts = new ArrayList<>();
        for (int i = 0; i <= text.length(); i++) {
            for (int j = i; j <= text.length(); j++) {
                cuts.add(List.of(text.substring(0, i), text.substring(i, j), text.substring(j)));
            }
        }
        return cuts;
    }

    @Test
    void readsThinkTagsInAStreamCutAnywhere() {
        for (List<String> pieces : cuts(" <think>Plan it.</think>\n\nHello there")) {
            assertThat(stream(pieces)).as("%s", pieces).containsExactly("Plan it.", "Hello there");
        }
    }

    @Test
    void relaysOtherContentCutAnywhereWhole() {
        for (String text : List.of("Hello <think>x</think>", "  <thin", "<thinking>a</thinking>", "\n\nHi")) {
            for (List<String> pieces : cuts(text)) {
                assertThat(stream(pieces)).as("%s", pieces).containsExactly("", text);
            }
        }
    }

    @Test
    void keepsAnUnfinishedThoughtAsReasoning() {
        assertThat(stream(List.of("<think>Plan", " it</thi"))).containsExactly("Plan it</thi", "");
    }

    @Test
    void givesOutWhatIsHeldWithAFinishThatHasNoDelta() {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        reader.chunk((ObjectNode) Json.read("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"<think>A</th\"}}]}"));
        ObjectNode finish = (ObjectNode) Json.read("{\"choices\":[{\"index\":0,\"finish_reason\":\"length\"}]}");

        reader.chunk(finish);

        assertThat(finish.path("choices").path(0).path("delta").path("reasoning").asString()).isEqualTo("</th");
        assertThat(reader.end()).isEmpty();
    }

    @Test
    void givesOutWhatIsHeldWhenTheStreamEndsWithoutAFinish() {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        reader.chunk((ObjectNode) Json.read("""
                {"choices":[{"index":0,"delta":{"content":"  "}},{"index":1,"delta":{"content":"<think>B</"}}]}"""));

        assertThat(reader.end()).containsExactly((ObjectNode) Json.read("{\"index\":0,\"delta\":{\"content\":\"  \"}}"),
                (ObjectNode) Json.read("""
                        {"index":1,"delta":{"reasoning":"</","reasoning_details":[{"type":"reasoning.text",\
                        "format":"unknown","index":0,"text":"</"}]}}"""));
    }

    @Test
    void putsHeldBlanksBeforeTheFinishingPartsOfArrayContent() {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        reader.chunk((ObjectNode) Json.read("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\n\"}}]}"));
        ObjectNode finish = (ObjectNode) Json.read("""
                {"choices":[{"index":0,"delta":{"content":[{"type":"text","text":"Hi"},{"type":"reference"}]},\
                "finish_reason":"stop"}]}""");

        reader.chunk(finish);

        assertThat(finish.at("/choices/0/delta/content")).isEqualTo(Json.read("""
                [{"type":"text","text":"\\n"},{"type":"text","text":"Hi"},{"type":"reference"}]"""));
    }

    @Test
    void readsReasoningContentDeltas() {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        ObjectNode chunk = (ObjectNode) Json.read("""
                {"choices":[{"index":0,"delta":{"content":null,"reasoning_content":"Plan"},"finish_reason":null}]}""");

        reader.chunk(chunk);

        assertThat(chunk.path("choices").path(0).path("delta")).isEqualTo(Json.read("""
                {"content":null,"reasoning":"Plan","reasoning_details":[{"type":"reasoning.text","format":"unknown",\
                "index":0,"text":"Plan"}]}"""));
    }

    @Test
    void keepsEachChoiceApart() {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        ObjectNode chunk = (ObjectNode) Json.read("""
                {"choices":[{"index":0,"delta":{"content":"<think>A"}},{"index":1,"delta":{"content":"B"}}]}""");

        reader.chunk(chunk);

        assertThat(chunk.path("choices").path(0).path("delta").path("reasoning").asString()).isEqualTo("A");
        assertThat(chunk.path("choices").path(1).path("delta").path("content").asString()).isEqualTo("B");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{\"content\":null,\"tool_calls\":[{\"id\":\"c\"}]},\"finish_reason\":\"stop\"|tool_calls",
            "{\"content\":null,\"tool_calls\":[{\"id\":\"c\"}]},\"finish_reason\":\"length\"|length",
            "{\"content\":\"Hi\",\"tool_calls\":[]},\"finish_reason\":\"stop\"|stop"})
    void givesAnAnswerThatCalledToolsTheReasonToolCalls(String choice, String reason) {
        ObjectNode answer = (ObjectNode) Json.read("{\"choices\":[{\"index\":0,\"message\":" + choice + "}]}");

        OpenAiAnswerReader.answer(answer);

        assertThat(answer.path("choices").path(0).path("finish_reason").asString()).isEqualTo(reason);
    }

    @Test
    void givesAStreamedChoiceThatCalledToolsTheReasonToolCalls() {
        OpenAiAnswerReader reader = new OpenAiAnswerReader();
        ObjectNode calls = (ObjectNode) Json.read("""
                {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f"}}]}},\
                {"index":1,"delta":{"content":"Hi"}}]}""");
        ObjectNode finish = (ObjectNode) Json.read("""
                {"choices":[{"index":0,"delta":{},"finish_reason":"stop"},\
                {"index":1,"delta":{},"finish_reason":"stop"}]}""");

        reader.chunk(calls);
        reader.chunk(finish);

        assertThat(finish.path("choices").path(0).path("finish_reason").asString()).isEqualTo("tool_calls");
        assertThat(finish.path("choices").path(0).path("native_finish_reason").asString()).isEqualTo("stop");
        assertThat(finish.path("choices").path(1).path("finish_reason").asString()).isEqualTo("stop");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"groq, OPENAI, true", "fake-a, OPENAI, true", "openai, OPENAI, false", "openrouter, OPENAI, false",
            "anthropic, ANTHROPIC, false", "google, GEMINI, false"})
    void readsTheAnswersOfProvidersSpeakingOpenAisFormatButOpenAiAndOpenRouter(String slug, WireFormat format,
                                                                               boolean reads) {
        ProviderInfo provider = new ProviderInfo(slug, null, URI.create("http://localhost"), null, format, null);

        assertThat(OpenAiAnswerReader.reads(provider)).isEqualTo(reads);
    }

    private static String unescape(String text) {
        return text.replace("\\n", "\n");
    }
}
