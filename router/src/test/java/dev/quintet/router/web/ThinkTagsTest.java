package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A provider's reasoning in {@code <think>} tags reaches the caller in OpenRouter's fields, whole and streamed. */
class ThinkTagsTest extends RouterTest {

    @Test
    void answersWithTheTaggedReasoningApart() {
        HttpResponse<String> response = chat("{\"model\":\"test/thinktags\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].message.content")).isEqualTo("Hello");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].message.reasoning"))
                .isEqualTo("Let me think.");
        assertThat((String) JsonPath.read(response.body(), "$.choices[0].message.reasoning_details[0].text"))
                .isEqualTo("Let me think.");
        assertThat(Json.decimal(response.body(), "/usage/cost")).isEqualByComparingTo(ReasoningExcludeTest.COST);
    }

    @Test
    void streamsTheTaggedReasoningApart() {
        HttpResponse<String> response = chat("{\"model\":\"test/thinktags\",\"stream\":true," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        StringBuilder reasoning = new StringBuilder();
        StringBuilder content = new StringBuilder();
        List<String> data = RouterFixture.sseData(response);
        for (String event : data.subList(0, data.size() - 1)) {
            JsonNode delta = Json.read(event).path("choices").path(0).path("delta");
            reasoning.append(delta.path("reasoning").asString(""));
            content.append(delta.path("content").asString(""));
        }
        assertThat(reasoning.toString()).isEqualTo("Let me think.");
        assertThat(content.toString()).isEqualTo("Hello");
        assertThat(response.body()).doesNotContain("think>");
        assertThat(Json.decimal(data.get(data.size() - 2), "/usage/cost"))
                .isEqualByComparingTo(ReasoningExcludeTest.COST);
    }

    @Test
    void relaysWhatWasHeldBackBeforeTheUsageWhenTheStreamEndsWithoutAFinish() {
        for (boolean exclude : new boolean[] {false, true}) {
            HttpResponse<String> response = chat("{\"model\":\"test/thinkcut\",\"stream\":true,\"reasoning\":"
                    + "{\"exclude\":" + exclude + "}," + HI + "}");

            List<String> data = RouterFixture.sseData(response);
            assertThat(data.getLast()).isEqualTo("[DONE]");
            assertThat(Json.read(data.get(data.size() - 2)).path("usage").isObject()).isTrue();
            StringBuilder reasoning = new StringBuilder();
            for (String event : data.subList(0, data.size() - 2)) {
                reasoning.append(Json.read(event).path("choices").path(0).path("delta").path("reasoning").asString(""));
            }
            assertThat(reasoning.toString()).isEqualTo(exclude ? "" : "Let me</th");
            if (exclude) {
                assertThat(response.body()).doesNotContain("Let me");
            }
        }
    }

    @Test
    void leavesTheTaggedReasoningOutWhenExcluded() {
        for (boolean stream : new boolean[] {false, true}) {
            HttpResponse<String> response = chat("{\"model\":\"test/thinktags\",\"stream\":" + stream
                    + ",\"reasoning\":{\"exclude\":true}," + HI + "}");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).doesNotContain("Let me", "think>", "\"reasoning\"", "reasoning_details");
            assertThat(response.body()).contains(stream ? "\"content\":\"Hel\"" : "\"content\":\"Hello\"");
        }
    }
}
