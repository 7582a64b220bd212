package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** A {@code tool_choice} that forces a call needs the tool among {@code tools}; one that does not needs no tools. */
class ToolChoiceTest extends RouterTest {

    private static final String NAMED = "{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}}";
    private static final String ALLOWED = "{\"type\":\"allowed_tools\",\"allowed_tools\":{\"mode\":\"required\","
            + "\"tools\":[" + NAMED + "]}}";
    private static final String OTHER_TOOL = "[{\"type\":\"function\",\"function\":{\"name\":\"get_time\"}}]";
    private static final String TOOL_LOOP = "\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},"
            + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{}\"}}]},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"sunny\"}]";

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "test/ok|\"required\"|[]|needs tools to call",
            "claude/ok|\"required\"||needs tools to call",
            "claude/ok|" + NAMED + "||the request has no tools",
            "test/ok|" + NAMED + "|" + OTHER_TOOL + "|not among the functions in tools (get_time)",
            "test/ok|" + ALLOWED + "|" + OTHER_TOOL + "|not among the functions in tools (get_time)",
            "test/ok|{\"type\":\"allowed_tools\",\"allowed_tools\":{\"mode\":\"always\",\"tools\":[]}}|"
                    + OTHER_TOOL + "|tool_choice.allowed_tools must be"})
    void refusesAChoiceForcingACallOfAToolTheRequestDoesNotOfferWithA400(String model, String choice, String tools,
                                                                           String rule) {
        HttpResponse<String> response = chat("{\"model\":\"" + model + "\",\"tool_choice\":" + choice
                + (tools == null ? "" : ",\"tools\":" + tools) + "," + TOOL_LOOP + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("tool_choice");
        assertThat(message(response)).contains(rule);
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void answersAutoWithoutToolsAndSendsNoChoice() {
        HttpResponse<String> response = chat("{\"model\":\"test/ok\",\"tool_choice\":\"auto\",\"tools\":[],"
                + "\"parallel_tool_calls\":true," + TOOL_LOOP + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode sent = router.fake().received().getFirst().body();
        assertThat(sent.has("tool_choice")).isFalse();
        assertThat(sent.has("tools")).isFalse();
        assertThat(sent.has("parallel_tool_calls")).isFalse();
    }
}
