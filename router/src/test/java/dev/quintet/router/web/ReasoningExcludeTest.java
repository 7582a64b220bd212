package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** reasoning.exclude: the reasoning text stays out of the answer, its tokens are still billed as reasoning. */
class ReasoningExcludeTest extends RouterTest {

    /** 9 prompt tokens at 1 USD/M, 2 completion tokens at 2 USD/M, 10 reasoning tokens at 4 USD/M. */
    static final BigDecimal COST = new BigDecimal("0.000053");

    @Test
    void returnsReasoningUnlessExcluded() {
        HttpResponse<String> shown = chat("{\"model\":\"test/thinks\",\"reasoning\":{\"effort\":\"low\"}," + HI + "}");
        assertThat((String) JsonPath.read(shown.body(), "$.choices[0].message.reasoning")).isEqualTo("Let me think.");

        HttpResponse<String> hidden = chat("{\"model\":\"test/thinks\",\"reasoning\":{\"effort\":\"low\","
                + "\"exclude\":true}," + HI + "}");

        assertThat(hidden.statusCode()).isEqualTo(200);
        assertThat(hidden.body()).doesNotContain("reasoning_details", "Let me think", "\"reasoning\"");
        assertThat((String) JsonPath.read(hidden.body(), "$.choices[0].message.content")).isEqualTo("Hello");
        assertThat((Integer) JsonPath.read(hidden.body(), "$.usage.completion_tokens_details.reasoning_tokens"))
                .isEqualTo(10);
        assertThat(Json.decimal(hidden.body(), "/usage/cost")).isEqualByComparingTo(COST);
        assertThat(Json.decimal(shown.body(), "/usage/cost")).isEqualByComparingTo(COST);
    }

    @Test
    void leavesReasoningOutOfStreams() {
        HttpResponse<String> response = chat("{\"model\":\"test/thinks\",\"stream\":true,\"reasoning\":"
                + "{\"exclude\":true}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).doesNotContain("Let me think", "reasoning_details");
        List<String> data = RouterFixture.sseData(response);
        assertThat(data.getLast()).isEqualTo("[DONE]");
        assertThat(Json.decimal(data.get(data.size() - 2), "/usage/cost")).isEqualByComparingTo(COST);
        assertThat(response.body()).contains("\"content\":\"Hel\"", "\"content\":\"lo\"");
    }

    @Test
    void leavesTranslatedThinkingOutToo() {
        HttpResponse<String> response = chat("{\"model\":\"claude/tools\",\"reasoning\":{\"exclude\":true}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).doesNotContain("The user wants the weather", "reasoning_details");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].message.tool_calls[0].function.name"))
                .isEqualTo("get_weather");
    }

    @Test
    void rejectsAnExcludeThatIsNotABoolean() {
        HttpResponse<String> response = chat("{\"model\":\"test/thinks\",\"reasoning\":{\"exclude\":\"yes\"}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("reasoning.exclude");
    }
}
