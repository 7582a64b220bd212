package dev.quintet.router.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamingTest extends RouterTest {

    private HttpResponse<String> stream(String model) {
        return chat(RouterFixture.streamBody(model));
    }

    @Test
    void streamsChunksInOrderThenAUsageChunkThenDone() {
        HttpResponse<String> response = stream("test/ok");
        List<String> data = RouterFixture.sseData(response);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("text/event-stream"));
        assertThat(data).hasSize(6);
        assertThat((String) JsonPath.read(data.get(0), "$.choices[0].delta.role")).isEqualTo("assistant");
        assertThat((String) JsonPath.read(data.get(1), "$.choices[0].delta.content")).isEqualTo("Hel");
        assertThat((String) JsonPath.read(data.get(2), "$.choices[0].delta.content")).isEqualTo("lo");
        assertThat((String) JsonPath.read(data.get(3), "$.choices[0].finish_reason")).isEqualTo("stop");
        assertThat((List<?>) JsonPath.read(data.get(4), "$.choices")).isEmpty();
        assertThat((Integer) JsonPath.read(data.get(4), "$.usage.total_tokens")).isEqualTo(11);
        assertThat(data.get(5)).isEqualTo("[DONE]");
        assertThat(data.subList(0, 5)).allSatisfy(chunk -> {
            assertThat((String) JsonPath.read(chunk, "$.model")).isEqualTo("test/ok");
            assertThat((String) JsonPath.read(chunk, "$.provider")).isEqualTo("Fake A");
            assertThat((String) JsonPath.read(chunk, "$.object")).isEqualTo("chat.completion.chunk");
        });
        assertThat(router.fake().received().getFirst().body().path("stream_options").path("include_usage").asBoolean())
                .isTrue();
    }

    @Test
    void sendsKeepAliveCommentsWhileWaitingForTheFirstByte() {
        HttpResponse<String> response = stream("test/slow");
        String body = response.body();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(body).contains(": QUINTET PROCESSING");
        assertThat(body.indexOf(": QUINTET PROCESSING")).isLessThan(body.indexOf("data: "));
        assertThat(RouterFixture.sseData(response)).last().isEqualTo("[DONE]");
    }

    @Test
    void fallsBackWhenTheFirstEndpointFailsBeforeContent() {
        HttpResponse<String> after500 = stream("test/fallback-500");
        HttpResponse<String> afterErrorEvent = stream("test/errorbefore");

        assertThat(after500.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(RouterFixture.sseData(after500).get(1), "$.provider")).isEqualTo("Fake B");
        assertThat(afterErrorEvent.statusCode()).isEqualTo(200);
        assertThat(afterErrorEvent.body()).doesNotContain("overloaded", "Fake A");
        assertThat(RouterFixture.sseData(afterErrorEvent)).last().isEqualTo("[DONE]");
    }

    @Test
    void fallsBackWhenAStreamEndsBeforeAnyAnswer() {
        HttpResponse<String> response = stream("test/emptydone");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).doesNotContain("Fake A").contains("\"content\":\"Hel\"");
        assertThat((String) JsonPath.read(RouterFixture.sseData(response).get(1), "$.provider")).isEqualTo("Fake B");
    }

    @Test
    void chargesTheUsageAProviderGivesInsideTheFinishChunksChoice() {
        HttpResponse<String> response = stream("test/choiceusage");
        List<String> data = RouterFixture.sseData(response);
        String usage = data.get(data.size() - 2);

        assertThat(response.body()).doesNotContain("usage estimated");
        assertThat((Integer) JsonPath.read(usage, "$.usage.prompt_tokens")).isEqualTo(2000);
        // 300 uncached x 0.000003 + 1,200 cache reads x 0.0000003 + 500 cache writes x 0.00000375 + 700 x 0.000015
        assertThat(Json.decimal(usage, "/usage/cost")).isEqualByComparingTo("0.013635");
    }

    @Test
    void keepsTheRealStatusWhenEveryEndpointFailsBeforeAnyOutput() {
        HttpResponse<String> response = stream("test/all-500");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat((Integer) JsonPath.read(response.body(), "$.error.code")).isEqualTo(502);
    }

    @Test
    void endsWithOneErrorChunkWhenTheUpstreamDropsAfterContent() {
        HttpResponse<String> response = stream("test/drop");
        List<String> data = RouterFixture.sseData(response);
        String last = data.getLast();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"content\":\"Hel\"").doesNotContain("[DONE]");
        assertThat((Integer) JsonPath.read(last, "$.error.code")).isEqualTo(502);
        assertThat((String) JsonPath.read(last, "$.error.message")).contains("closed the stream");
        assertThat((String) JsonPath.read(last, "$.choices[0].finish_reason")).isEqualTo("error");
        assertThat(router.fake().received()).hasSize(1);
    }

    @Test
    void estimatesAndMarksUsageWhenTheUpstreamReportsNone() {
        HttpResponse<String> response = stream("test/nousage");
        List<String> data = RouterFixture.sseData(response);
        String usageChunk = data.get(data.size() - 2);

        assertThat(response.body()).contains(": usage estimated: Fake A reported no token counts");
        assertThat((List<?>) JsonPath.read(usageChunk, "$.choices")).isEmpty();
        assertThat((Boolean) JsonPath.read(usageChunk, "$.usage.estimated")).isTrue();
        assertThat((Integer) JsonPath.read(usageChunk, "$.usage.completion_tokens"))
                .as("'Hel' + 'lo' streamed is 'Hello', one token in o200k_base").isEqualTo(1);
        assertThat(data.getLast()).isEqualTo("[DONE]");
    }
}
