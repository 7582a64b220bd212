package dev.quintet.router.providers.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class AnthropicMappingTest {

    /** A question, an assistant turn calling a tool (its {@code reasoning_details} field first), the result. */
    private static final String TOOL_LOOP = """
            {"role":"user","content":"Weather in Paris?"},{"role":"assistant","content":null,%s\
            "tool_calls":[{"id":"toolu_01A","type":"function","function":{"name":"get_weather",\
            "arguments":"{\\"city\\":\\"Paris\\"}"}}]},{"role":"tool","tool_call_id":"toolu_01A","content":"18C"}""";

    private static final String HI = "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]";

    private static final String SIGNED = """
            "reasoning_details":[{"type":"reasoning.text","text":"Look it up.","signature":"sig-1",\
            "format":"anthropic-claude-v1","index":0}],""";

    @ParameterizedTest
    @CsvSource({"end_turn,stop", "max_tokens,length", "stop_sequence,stop", "tool_use,tool_calls",
            "pause_turn,stop", "refusal,content_filter", "model_context_window_exceeded,length"})
    void mapsStopReasonsToFinishReasons(String stopReason, String finishReason) {
        assertThat(AnthropicAnswer.finishReason(stopReason)).isEqualTo(finishReason);
    }

    @ParameterizedTest
    @CsvSource({"overloaded_error,529", "rate_limit_error,429", "invalid_request_error,400",
            "authentication_error,401", "permission_error,403", "not_found_error,404", "api_error,500"})
    void mapsErrorTypesToStatuses(String type, int status) {
        assertThat(AnthropicAnswer.status(type)).isEqualTo(status);
    }

    @Test
    void keepsRedactedThinkingAsEncryptedDetailsBothWays() {
        var answer = AnthropicAnswer.of((ObjectNode) Json.read("""
                {"id":"msg_1","model":"claude","content":[{"type":"redacted_thinking","data":"opaque"},\
                {"type":"text","text":"Hi"}],"stop_reason":"end_turn","usage":{"input_tokens":3,"output_tokens":1}}"""),
                1L);
        var message = answer.at("/choices/0/message");

        assertThat(message.at("/reasoning_details/0/type").asString()).isEqualTo("reasoning.encrypted");
        assertThat(message.at("/reasoning_details/0/data").asString()).isEqualTo("opaque");
        assertThat(AnthropicMessages.of(Json.read("[" + message + "]")).turns().at("/0/content/0"))
                .isEqualTo(Json.read("{\"type\":\"redacted_thinking\",\"data\":\"opaque\"}"));
    }

    @Test
    void leavesThinkingOffInAToolLoopWhoseCallingTurnHasNoThinkingBlockAndKeepsTheTemperature() {
        ObjectNode sent = request("\"reasoning\":{\"effort\":\"high\"},\"temperature\":0.3,"
                + "\"messages\":[" + TOOL_LOOP.formatted("") + "]");

        assertThat(sent.has("thinking")).isFalse();
        assertThat(sent.path("temperature").asDouble()).isEqualTo(0.3);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "true|",
            "false|,{\"role\":\"assistant\",\"content\":\"18C.\"},{\"role\":\"user\",\"content\":\"And Lyon?\"}"})
    void thinksInAToolLoopWhoseCallingTurnIsSignedOrAfterTheLoop(boolean signed, String after) {
        ObjectNode sent = request("\"reasoning\":{\"effort\":\"high\"},\"messages\":["
                + TOOL_LOOP.formatted(signed ? SIGNED : "") + (after == null ? "" : after) + "]");

        assertThat(sent.path("thinking").path("type").asString()).isEqualTo("enabled");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"temperature\":0.5,\"top_p\":0.9|{\"temperature\":0.5}",
            "\"top_p\":0.9|{\"top_p\":0.9}",
            "\"temperature\":0.5,\"top_p\":0.97,\"reasoning\":{\"effort\":\"low\"}|{\"top_p\":0.97}"})
    void sendsOnlyTheTemperatureOfATemperatureAndTopP(String fields, String sampling) {
        ObjectNode sent = request(fields + ",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]");

        assertThat(sent.retain("temperature", "top_p")).isEqualTo(Json.read(sampling));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"|{\"type\":\"none\"}", "\"auto\"|{\"type\":\"none\"}",
            "\"required\"|{\"type\":\"none\"}"})
    void definesTheToolsTheTurnsCallWhenTheRequestHasNoneButLetsNoneBeCalled(String choice, String sentChoice) {
        ObjectNode sent = request((choice == null ? "" : "\"tool_choice\":" + choice + ",")
                + "\"messages\":[" + TOOL_LOOP.formatted("") + ",{\"role\":\"user\",\"content\":\"Sum it up\"}]");

        assertThat(sent.path("tools")).isEqualTo(Json.read(
                "[{\"name\":\"get_weather\",\"input_schema\":{\"type\":\"object\"}}]"));
        assertThat(sent.path("tool_choice")).isEqualTo(Json.read(sentChoice));
    }

    @Test
    void sendsTheSystemTextAsTheUserTurnWhenNoOtherTurnIsLeft() {
        ObjectNode sent = request("\"messages\":[{\"role\":\"system\",\"content\":\"Write a haiku\"}]");

        assertThat(sent.has("system")).isFalse();
        assertThat(sent.path("messages")).isEqualTo(Json.read(
                "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Write a haiku\"}]}]"));
    }

    @Test
    void givesAToolWithoutATypedSchemaAnObjectSchemaAndSendsNoChoiceAmongNoTools() {
        ObjectNode typed = request("\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"now\","
                + "\"parameters\":{}}}],\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]");
        ObjectNode none = request("\"tool_choice\":\"required\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]");

        assertThat(typed.at("/tools/0/input_schema")).isEqualTo(Json.read("{\"type\":\"object\"}"));
        assertThat(none.has("tool_choice")).isFalse();
    }

    @Test
    void keepsOnlyTheTextOfSystemMessages() {
        ObjectNode sent = request("\"messages\":[{\"role\":\"system\",\"content\":[{\"type\":\"text\",\"text\":"
                + "\"Be brief\"}," + image("image/png") + "]},{\"role\":\"user\",\"content\":\"Hi\"}]");

        assertThat(sent.path("system")).isEqualTo(Json.read("[{\"type\":\"text\",\"text\":\"Be brief\"}]"));
    }

    @Test
    void dropsThePrefillsThinkingWhenThinkingIsOff() {
        ObjectNode sent = request("""
                "messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Well,",\
                "reasoning_details":[{"type":"reasoning.text","text":"Plan.","signature":"sig","format":\
                "anthropic-claude-v1","index":0}]}]""");

        assertThat(sent.has("thinking")).isFalse();
        assertThat(sent.at("/messages/1/content")).isEqualTo(Json.read("[{\"type\":\"text\",\"text\":\"Well,\"}]"));
    }

    @Test
    void sendsAFileAtAnHttpUrlAsAUrlDocument() {
        assertThat(content("{\"type\":\"file\",\"file\":{\"file_data\":\"https://example.com/report.pdf\"}},"
                + "{\"type\":\"file\",\"file\":{\"file_data\":\"https://example.com/notes.docx\"}}"))
                .isEqualTo(Json.read("""
                        [{"type":"document","source":{"type":"url","url":"https://example.com/report.pdf"}}]"""));
    }

    @Test
    void sendsImageMediaTypesBareWithJpgAsJpegAndAPdfAsADocument() {
        assertThat(content(image("image/jpg") + "," + image("image/png;name=a.png") + ","
                + image("application/pdf"))).isEqualTo(Json.read("""
                [{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"QUJD"}},\
                {"type":"image","source":{"type":"base64","media_type":"image/png","data":"QUJD"}},\
                {"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"QUJD"}}]"""));
    }

    @Test
    void rewritesToolCallIdsAnthropicRefusesTheSameInTheCallAndItsResult() {
        ObjectNode sent = request("\"messages\":["
                + TOOL_LOOP.formatted("").replace("toolu_01A", "functions.get_weather:0") + "]");

        String id = sent.at("/messages/1/content/0/id").asString();
        assertThat(id).matches("functions_get_weather_0_[0-9a-f]+");
        assertThat(sent.at("/messages/2/content/0/tool_use_id").asString()).isEqualTo(id);
        assertThat(AnthropicMessages.toolId("a.b")).isNotEqualTo(AnthropicMessages.toolId("a:b"));
        assertThat(AnthropicMessages.toolId("toolu_01A-b")).isEqualTo("toolu_01A-b");
    }

    /** The Messages body for an OpenAI body of {@code fields}, with 4,096 as the answer limit. */
    @Test
    void sendsAJsonSchemaAsStructuredOutputWithEveryObjectClosed() {
        ObjectNode out = request("""
                "response_format":{"type":"json_schema","json_schema":{"name":"person","strict":false,"schema":{\
                "type":"object","properties":{"name":{"type":"string"},"properties":{"type":"object",\
                "properties":{"type":{"type":"string"}}},"tags":{"type":"array","items":{"type":"object"}},\
                "pet":{"$ref":"#/$defs/pet"}},\
                "$defs":{"pet":{"anyOf":[{"type":["object","null"],"properties":{}},{"type":"string"}]}}}}},\
                "messages":[{"role":"user","content":"Hi"}]""");

        assertThat(out.path("output_config")).isEqualTo(Json.read("""
                {"format":{"type":"json_schema","schema":{"type":"object","properties":{"name":{"type":"string"},\
                "properties":{"type":"object","properties":{"type":{"type":"string"}},"additionalProperties":false},\
                "tags":{"type":"array","items":{"type":"object","additionalProperties":false}},\
                "pet":{"$ref":"#/$defs/pet"}},\
                "$defs":{"pet":{"anyOf":[{"type":["object","null"],"properties":{},"additionalProperties":false},\
                {"type":"string"}]}},"additionalProperties":false}}}"""));
        assertThat(out.has("response_format")).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"required|f,g|any|", "auto|f,g|auto|", "required|f|tool|f"})
    void takesTheModeOfAnAllowedToolsChoiceAndItsOneToolWhenRequired(String mode, String allowed, String type,
                                                                    String name) {
        String subset = String.join(",", java.util.Arrays.stream(allowed.split(","))
                .map(f -> "{\"type\":\"function\",\"function\":{\"name\":\"" + f + "\"}}").toList());
        ObjectNode out = request("\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}},"
                + "{\"type\":\"function\",\"function\":{\"name\":\"g\"}}],\"tool_choice\":{\"type\":"
                + "\"allowed_tools\",\"allowed_tools\":{\"mode\":\"" + mode + "\",\"tools\":[" + subset + "]}}," + HI);

        assertThat(out.path("tool_choice").path("type").asString()).isEqualTo(type);
        assertThat(out.path("tool_choice").path("name").asString(null)).isEqualTo(name);
    }

    @Test
    void leavesTheBranchesOfCombiningKeywordsOpen() {
        ObjectNode closed = AnthropicOutputFormat.closed((ObjectNode) Json.read("{\"allOf\":[{\"type\":\"object\","
                + "\"properties\":{\"a\":{}}}],\"not\":{\"type\":\"object\"},\"if\":{\"properties\":{}},"
                + "\"$defs\":{\"d\":{\"type\":\"object\"}}}"));

        assertThat(closed.at("/allOf/0").has("additionalProperties")).isFalse();
        assertThat(closed.at("/not").has("additionalProperties")).isFalse();
        assertThat(closed.at("/if").has("additionalProperties")).isFalse();
        assertThat(closed.at("/$defs/d/additionalProperties").asBoolean(true)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a numeric limit|{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":1}}}",
            "recursion|{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#\"}}}",
            "circular definitions|{\"$ref\":\"#/$defs/a\",\"$defs\":{\"a\":{\"type\":\"object\",\"properties\":"
                    + "{\"b\":{\"$ref\":\"#/$defs/b\"}}},\"b\":{\"anyOf\":[{\"$ref\":\"#/$defs/a\"}]}}}",
            "recursion by a property's path|{\"type\":\"object\",\"properties\":{\"tree\":{\"type\":\"object\","
                    + "\"properties\":{\"kids\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/properties/tree\"}}}}}}",
            "an outside reference|{\"type\":\"object\",\"properties\":{\"n\":{\"$ref\":\"node.json\"}}}",
            "an object open to more|{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"object\","
                    + "\"additionalProperties\":{\"type\":\"string\"}}}}"})
    void sendsNoOutputFormatAnthropicWouldRefuse(String name, String schema) {
        assertThat(request(format(schema) + HI).has("output_config")).isFalse();
    }

    @Test
    void sendsNoOutputFormatWithAPrefill() {
        ObjectNode out = request(format("{\"type\":\"object\"}") + "\"messages\":[{\"role\":\"user\",\"content\":"
                + "\"Hi\"},{\"role\":\"assistant\",\"content\":\"{\"}]");

        assertThat(out.has("output_config")).isFalse();
    }

    @Test
    void givesUpStrictToolsBeforeTheOutputFormatWhenTogetherTheyExceedAnthropicsLimits() {
        // 13 optional properties each: within the limit of 24 alone, over it together
        ObjectNode out = request(format(optional(13)) + "\"tools\":[{\"type\":\"function\",\"function\":{"
                + "\"name\":\"f\",\"strict\":true,\"parameters\":" + optional(13) + "}}]," + HI);

        assertThat(out.has("output_config")).isTrue();
        assertThat(out.at("/tools/0").has("strict")).isFalse();
    }

    @Test
    void countsADefinitionAsOftenAsItIsReferredTo() {
        // 13 optional properties, referred to twice: 26, over the limit of 24
        ObjectNode out = request(format("{\"type\":\"object\",\"properties\":{\"home\":{\"$ref\":\"#/$defs/a\"},"
                + "\"work\":{\"$ref\":\"#/$defs/a\"}},\"required\":[\"home\",\"work\"],\"$defs\":{\"a\":"
                + optional(13) + "}}") + HI);

        assertThat(out.has("output_config")).isFalse();
    }

    @Test
    void sendsNoStrictToolsOverTheLimitOfOptionalProperties() {
        ObjectNode out = request("\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\",\"strict\":true,"
                + "\"parameters\":" + optional(25) + "}}]," + HI);

        assertThat(out.at("/tools/0").has("strict")).isFalse();
    }

    private static String optional(int count) {
        StringBuilder properties = new StringBuilder();
        for (int i = 0; i < count; i++) {
            properties.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"type\":\"string\"}");
        }
        return "{\"type\":\"object\",\"properties\":{" + properties + "}}";
    }

    @ParameterizedTest
    @CsvSource({"true,true", "false,false"})
    void sendsAStrictToolStrictWithItsSchemaClosedWhereTheModelTakesStructuredOutput(boolean structured,
                                                                                       boolean strict) {
        String tools = """
                "tools":[{"type":"function","function":{"name":"f","strict":true,"parameters":{"type":"object",\
                "properties":{"a":{"type":"object","properties":{}}}}}}],"messages":[{"role":"user","content":"Hi"}]""";

        JsonNode tool = request(tools, structured).path("tools").path(0);

        assertThat(tool.path("strict").asBoolean(false)).isEqualTo(strict);
        assertThat(tool.at("/input_schema/properties/a/additionalProperties").asBoolean(true)).isEqualTo(!strict);
        assertThat(tool.at("/input_schema/additionalProperties").isMissingNode()).isEqualTo(!strict);
    }

    @Test
    void sendsNoStructuredOutputForAJsonObjectFormat() {
        ObjectNode out = request("\"response_format\":{\"type\":\"json_object\"},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]");

        assertThat(out.has("output_config")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"type\":\"image_url\",\"image_url\":\"https://x/a\"}",
            "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:application/pdf;base64,JVBE\"}}",
            "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklG\",\"format\":\"mp3\"}}",
            "{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://x/a.mp4\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"https://x/a.pdf\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"https://x/a.docx\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"data:text/markdown;base64,IyBh\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"data:text/plain;base64,//5B\"}}",
            "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/zip;base64,UEsD\"}}",
            "{\"type\":\"file\",\"file\":{\"file_id\":\"file-1\"}}"})
    void reportsAPartLostExactlyWhenTheTranslationLeavesItOut(String part) {
        String messages = "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}," + part + "]}]";

        boolean sent = AnthropicMessages.of(Json.read(messages)).turns().at("/0/content").size() == 2;

        assertThat(AnthropicMessages.lostPart(Json.read(messages)).isEmpty()).isEqualTo(sent);
    }

    @Test
    void reportsNoLossForATextFileOfBlankTextThoughItIsNotSent() {
        String messages = "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"},{\"type\":"
                + "\"file\",\"file\":{\"file_data\":\"data:text/plain;base64,ICA=\"}}]}]";

        assertThat(AnthropicMessages.of(Json.read(messages)).turns().at("/0/content").size()).isEqualTo(1);
        assertThat(AnthropicMessages.lostPart(Json.read(messages))).isEmpty();
    }

    private static String format(String schema) {
        return "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"x\",\"schema\":" + schema
                + "}},";
    }

    @Test
    void putsToolResultsFirstInTheirTurnInTheOrderOfTheCalls() {
        JsonNode turns = AnthropicMessages.of(Json.read("""
                [{"role":"user","content":"Weather?"},{"role":"assistant","content":null,"tool_calls":[\
                {"id":"a","type":"function","function":{"name":"f","arguments":"{}"}},\
                {"id":"b","type":"function","function":{"name":"f","arguments":"{}"}}]},\
                {"role":"tool","tool_call_id":"b","content":"2"},{"role":"user","content":"Hurry."},\
                {"role":"tool","tool_call_id":"a","content":"1"}]""")).turns();

        assertThat(turns.at("/2/content")).isEqualTo(Json.read("""
                [{"type":"tool_result","tool_use_id":"a","content":"1"},\
                {"type":"tool_result","tool_use_id":"b","content":"2"},{"type":"text","text":"Hurry."}]"""));
    }

    private static ObjectNode request(String fields) {
        return request(fields, true);
    }

    private static ObjectNode request(String fields, boolean structured) {
        return AnthropicRequest.of((ObjectNode) Json.read("{\"model\":\"claude\"," + fields + "}"), 4096, false,
                structured);
    }

    /** The content of the one user turn made of the content {@code parts}. */
    private static JsonNode content(String parts) {
        return request("\"messages\":[{\"role\":\"user\",\"content\":[" + parts + "]}]").at("/messages/0/content");
    }

    /** An {@code image_url} part of a data URL of {@code mediaType}. */
    private static String image(String mediaType) {
        return "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:" + mediaType + ";base64,QUJD\"}}";
    }
}
