package dev.quintet.router.providers.openai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The request fields each OpenAI-format provider takes, from the router's own. */
class OpenAiDialectsTest {

    private static final String REASONING =
            "\"messages\":[],\"reasoning\":{\"effort\":\"%s\"},\"include_reasoning\":true";
    private static final String PAST_REASONING = """
            {"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello","reasoning":"Plan.",\
            "reasoning_details":[{"type":"reasoning.text","text":"Plan.","format":"unknown","index":0}]},\
            {"role":"user","content":"More"}]}""";

    private static ObjectNode adapt(String slug, String body) {
        return OpenAiDialects.adapt(slug, (ObjectNode) Json.read(body));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "openai, max, xhigh", "openai, xhigh, xhigh", "openai, medium, medium", "openai, none, none",
            "xai, minimal, low", "xai, low, low", "xai, medium, high", "xai, max, high", "xai, none, ",
            "fake-a, minimal, low", "fake-a, medium, medium", "fake-a, xhigh, high", "fake-a, none, ",
            "groq, high, high", "mistral, high, "})
    void sendsTheEffortAsReasoningEffortInTheProvidersWords(String slug, String effort, String sent) {
        ObjectNode body = adapt(slug, "{" + REASONING.formatted(effort) + "}");

        assertThat(body.has("reasoning")).isFalse();
        assertThat(body.has("include_reasoning")).isFalse();
        assertThat(body.path("reasoning_effort").asString(null)).isEqualTo(sent);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"openai", "fake-a"})
    void takesAnEffortGivenAsReasoningEffortTheSameWay(String slug) {
        assertThat(adapt(slug, "{\"messages\":[],\"reasoning_effort\":\"max\"}").path("reasoning_effort").asString())
                .isEqualTo(slug.equals("openai") ? "xhigh" : "high");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"openai", "fake-a"})
    void sendsNoEffortForABudgetAlone(String slug) {
        ObjectNode body = adapt(slug, "{\"messages\":[],\"reasoning\":{\"max_tokens\":2000}}");

        assertThat(body.has("reasoning")).isFalse();
        assertThat(body.has("reasoning_effort")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"openai", "mistral"})
    void leavesOpenRoutersOwnFieldsToOpenRouterOnly(String slug) {
        String body = "{\"messages\":[],\"reasoning\":{\"effort\":\"high\",\"exclude\":true},"
                + "\"include_reasoning\":true,\"max_tokens\":5,\"stream_options\":{\"include_usage\":true},"
                + "\"seed\":1,\"user\":\"u\"}";

        assertThat(adapt("openrouter", body)).isEqualTo(Json.read(body));
        assertThat(adapt(slug, body).has("reasoning")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "max_tokens alone|{\"max_tokens\":50}|50",
            "both|{\"max_tokens\":50,\"max_completion_tokens\":70}|70"})
    void sendsOpenAiTheAnswerLimitAsMaxCompletionTokens(String name, String body, int limit) {
        ObjectNode sent = adapt("openai", body);

        assertThat(sent.has("max_tokens")).isFalse();
        assertThat(sent.path("max_completion_tokens").asInt()).isEqualTo(limit);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"mistral"})
    void sendsMistralOnlyTheFieldsItsSchemaHas(String slug) {
        ObjectNode sent = adapt(slug, """
                {"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello","refusal":null,\
                "reasoning":"Thought.","reasoning_details":[{"type":"reasoning.text","text":"Thought."}],\
                "reasoning_content":"Thought."},{"role":"user","content":"More"}],"stream":true,\
                "stream_options":{"include_usage":true},"max_completion_tokens":20,"seed":7,"user":"u-1",\
                "reasoning_effort":"high","temperature":0.2}""");

        assertThat(sent).isEqualTo(Json.read("""
                {"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"},\
                {"role":"user","content":"More"}],"stream":true,"temperature":0.2,"max_tokens":20,\
                "random_seed":7}"""));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "deepseek|{\"role\":\"assistant\",\"content\":\"Hello\",\"reasoning_content\":\"Plan.\"}",
            "moonshot|{\"role\":\"assistant\",\"content\":\"Hello\",\"reasoning_content\":\"Plan.\"}",
            "minimax|{\"role\":\"assistant\",\"content\":\"<think>Plan.</think>\\n\\nHello\"}",
            "groq|{\"role\":\"assistant\",\"content\":\"Hello\"}",
            "openai|{\"role\":\"assistant\",\"content\":\"Hello\"}"})
    void sendsPastReasoningBackAsEachProviderTakesIt(String slug, String assistant) {
        assertThat(adapt(slug, PAST_REASONING).path("messages").path(1)).isEqualTo(Json.read(assistant));
    }

    @Test
    void takesPastReasoningFromTheDetailsWhenTheMessageHasNoReasoningText() {
        ObjectNode sent = adapt("z-ai", """
                {"messages":[{"role":"assistant","content":null,"tool_calls":[],"reasoning_details":[\
                {"type":"reasoning.text","text":"Pla","index":0},{"type":"reasoning.text","text":"n.","index":0},\
                {"type":"reasoning.encrypted","data":"x"}]}]}""");

        assertThat(sent.path("messages").path(0)).isEqualTo(Json.read("""
                {"role":"assistant","content":null,"tool_calls":[],"reasoning_content":"Plan."}"""));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"deepseek", "moonshot"})
    void givesAToolCallsTurnAnEmptyReasoningContentWhenTheCallerSentNone(String slug) {
        ObjectNode sent = adapt(slug, """
                {"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":null,"tool_calls":[]},\
                {"role":"tool","tool_call_id":"c","content":"1"},{"role":"assistant","content":"Done"}]}""");

        assertThat(sent.path("messages").path(1).path("reasoning_content").asString(null)).isEmpty();
        assertThat(sent.path("messages").path(3).has("reasoning_content")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"openai, developer", "openrouter, developer", "deepseek, system", "groq, system", "fake-a, system"})
    void sendsDeveloperMessagesAsSystemMessagesToAllButOpenAiAndOpenRouter(String slug, String role) {
        ObjectNode sent = adapt(slug, """
                {"messages":[{"role":"developer","content":"Be brief."},{"role":"user","content":"Hi"}]}""");

        assertThat(sent.path("messages").path(0).path("role").asString()).isEqualTo(role);
        assertThat(sent.path("messages").path(1).path("role").asString()).isEqualTo("user");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"groq, false", "deepseek, true"})
    void leavesOutWhatGroqRefuses(String slug, boolean kept) {
        ObjectNode sent = adapt(slug, """
                {"messages":[{"role":"user","content":"Hi","name":"ann"},{"role":"function","name":"f",\
                "content":"1"}],"logprobs":true,"top_logprobs":2,"logit_bias":{"50256":-100},"temperature":0.5}""");

        assertThat(sent.has("logprobs")).isEqualTo(kept);
        assertThat(sent.has("top_logprobs")).isEqualTo(kept);
        assertThat(sent.has("logit_bias")).isEqualTo(kept);
        assertThat(sent.path("messages").path(0).has("name")).isEqualTo(kept);
        assertThat(sent.path("messages").path(1).path("name").asString()).isEqualTo("f"); // a function result needs it
        assertThat(sent.path("temperature").asDouble()).isEqualTo(0.5);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "openai|,\"tools\":[]", "openai|", "openrouter|,\"tools\":null", "fake-a|"})
    void sendsNoToolChoiceWithoutTools(String slug, String tools) {
        ObjectNode sent = adapt(slug, "{\"messages\":[],\"tool_choice\":\"auto\",\"parallel_tool_calls\":false"
                + (tools == null ? "" : tools) + "}");

        assertThat(sent).isEqualTo(Json.read("{\"messages\":[]}"));
    }

    @Test
    void keepsTheToolChoiceAlongWithTools() {
        String body = """
                {"messages":[],"tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":"required",\
                "parallel_tool_calls":false}""";

        assertThat(adapt("openai", body)).isEqualTo(Json.read(body));
    }

    @Test
    void sendsPerplexityUserAndAssistantMessagesInTurn() {
        ObjectNode sent = adapt("perplexity", """
                {"messages":[{"role":"system","content":"S1"},{"role":"developer","content":"S2"},\
                {"role":"user","content":"A"},{"role":"user","content":[{"type":"text","text":"B"}]},\
                {"role":"assistant","content":"C"},{"role":"assistant","content":"D"},\
                {"role":"system","content":"E"},{"role":"user","content":"F"}]}""");

        assertThat(sent.path("messages")).isEqualTo(Json.read("""
                [{"role":"system","content":"S1"},{"role":"system","content":"S2"},\
                {"role":"user","content":[{"type":"text","text":"A"},{"type":"text","text":"B"}]},\
                {"role":"assistant","content":"C\\n\\nD"},{"role":"user","content":"E\\n\\nF"}]"""));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"after system|1", "first of all|0"})
    void sendsPerplexityAnOpeningAssistantMessageAsASystemMessageBeforeTheUsers(String name, int systems) {
        String system = systems == 0 ? "" : "{\"role\":\"system\",\"content\":\"Be brief.\"},";
        ObjectNode sent = adapt("perplexity", "{\"messages\":[" + system + """
                {"role":"assistant","content":"Hello! How can I help?"},\
                {"role":"assistant","content":[{"type":"text","text":"Ask me anything."}]},\
                {"role":"user","content":"Weather?"},{"role":"assistant","content":"Sunny."},\
                {"role":"user","content":"Thanks"}]}""");

        ObjectNode opening = JsonNodeFactory.instance.objectNode().put("role", "system")
                .put("content", OpenAiDialects.OPENING + "Hello! How can I help?\n\nAsk me anything.");
        assertThat(sent.path("messages")).isEqualTo(Json.read("[" + system + opening + """
                ,{"role":"user","content":"Weather?"},{"role":"assistant","content":"Sunny."},\
                {"role":"user","content":"Thanks"}]"""));
    }

    @Test
    void leavesOutAnOpeningAssistantMessageWithoutTextForPerplexity() {
        ObjectNode sent = adapt("perplexity", """
                {"messages":[{"role":"system","content":"S"},{"role":"assistant","content":null},\
                {"role":"user","content":"Hi"}]}""");

        assertThat(sent.path("messages")).isEqualTo(Json.read("""
                [{"role":"system","content":"S"},{"role":"user","content":"Hi"}]"""));
    }

    @Test
    void keepsAnOpeningAssistantMessageCallingToolsForPerplexity() {
        String messages = """
                [{"role":"system","content":"S"},{"role":"assistant","content":null,"tool_calls":[{"id":"c",\
                "type":"function","function":{"name":"f","arguments":"{}"}}]},\
                {"role":"tool","tool_call_id":"c","content":"1"}]""";

        assertThat(adapt("perplexity", "{\"messages\":" + messages + "}").path("messages"))
                .isEqualTo(Json.read(messages));
    }

    @Test
    void keepsASystemMessageAfterAnOpeningGreetingASystemMessageForPerplexity() {
        ObjectNode sent = adapt("perplexity", """
                {"messages":[{"role":"assistant","content":"Hi!","tool_calls":null},{"role":"assistant","content":\
                "Ask away."},{"role":"system","content":"Use metric"},{"role":"user","content":"Weather?"}]}""");

        assertThat(sent.path("messages")).isEqualTo(Json.read("""
                [{"role":"system","content":"%sHi!\\n\\nAsk away."},{"role":"system","content":"Use metric"},\
                {"role":"user","content":"Weather?"}]"""
                .formatted(OpenAiDialects.OPENING.replace("\n", "\\n"))));
    }

    @Test
    void keepsAnOpeningAssistantMessageHoldingMoreThanTextForPerplexity() {
        String messages = """
                [{"role":"assistant","content":[{"type":"text","text":"Look"},{"type":"image_url","image_url":\
                {"url":"https://x/a.png"}}]},{"role":"user","content":"Hi"}]""";

        assertThat(adapt("perplexity", "{\"messages\":" + messages + "}").path("messages"))
                .isEqualTo(Json.read(messages));
    }

    @Test
    void leavesTheMessagesOfOthersThanPerplexityInTheirOrder() {
        String body = "{\"messages\":[{\"role\":\"user\",\"content\":\"A\"},{\"role\":\"user\",\"content\":\"B\"}]}";

        assertThat(adapt("together", body)).isEqualTo(Json.read(body));
    }

    @Test
    void leavesPastReasoningToOpenRouterAsSent() {
        assertThat(adapt("openrouter", PAST_REASONING)).isEqualTo(Json.read(PAST_REASONING));
    }
}
