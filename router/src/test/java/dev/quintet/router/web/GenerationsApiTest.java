package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GenerationsApiTest extends RouterTest {

    private HttpResponse<String> generation(String path, String id, String... auth) {
        return Http.get(router.url() + path + "?id=" + id, auth.length == 0 ? router.auth() : auth);
    }

    @Test
    void recordsModelProviderTokensCostAndTheEndpointsTried() {
        Instant before = Instant.now().minusSeconds(1);
        HttpResponse<String> answer = chat("{\"model\":\"test/fallback-500\"," + HI + "}");
        String id = JsonPath.read(answer.body(), "$.id");

        HttpResponse<String> response = generation("/api/v1/generation", id);
        String body = response.body();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("X-Generation-Id")).hasValue(id);
        assertThat(id).matches("gen-\\d+-[0-9A-Za-z]{20}");
        assertThat((String) JsonPath.read(body, "$.data.id")).isEqualTo(id);
        assertThat((String) JsonPath.read(body, "$.data.model")).isEqualTo("test/fallback-500");
        assertThat((String) JsonPath.read(body, "$.data.requested_model")).isEqualTo("test/fallback-500");
        assertThat((String) JsonPath.read(body, "$.data.provider_name")).isEqualTo("Fake B");
        assertThat((String) JsonPath.read(body, "$.data.upstream_id")).isEqualTo("chatcmpl-1");
        assertThat((String) JsonPath.read(body, "$.data.request_id")).isEqualTo(
                answer.headers().firstValue("X-Request-Id").orElseThrow());
        assertThat(Instant.parse(JsonPath.read(body, "$.data.created_at"))).isAfter(before);
        assertThat((Integer) JsonPath.read(body, "$.data.tokens_prompt")).isEqualTo(9);
        assertThat((Integer) JsonPath.read(body, "$.data.tokens_completion")).isEqualTo(2);
        assertThat((Integer) JsonPath.read(body, "$.data.native_tokens_cached")).isZero();
        assertThat(Json.decimal(body, "/data/total_cost")).isEqualByComparingTo("0.000018");
        assertThat((String) JsonPath.read(body, "$.data.finish_reason")).isEqualTo("stop");
        assertThat((String) JsonPath.read(body, "$.data.native_finish_reason")).isEqualTo("stop");
        assertThat((Boolean) JsonPath.read(body, "$.data.streamed")).isFalse();
        assertThat((Boolean) JsonPath.read(body, "$.data.cancelled")).isFalse();
        assertThat((Integer) JsonPath.read(body, "$.data.latency")).isNotNegative();
        assertThat(body).contains("\"time_to_first_token\":null", "\"moderation_latency\":null", "\"app_id\":null",
                "\"origin\":\"\"", "\"router\":null", "\"num_fetches\":null", "\"num_media_prompt\":null", "\"num_search_results\":0");
        List<Map<String, Object>> attempts = JsonPath.read(body, "$.data.provider_responses");
        assertThat(attempts).extracting(a -> a.get("provider_name"), a -> a.get("status"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Fake A", 500),
                        org.assertj.core.groups.Tuple.tuple("Fake B", 200));
    }

    @Test
    void recordsTheTimeToFirstTokenOfAStream() {
        HttpResponse<String> answer = chat("{\"model\":\"test/ok\",\"stream\":true," + HI + "}");
        String id = answer.headers().firstValue("X-Generation-Id").orElseThrow();

        String body = generation("/v1/generation", id).body();

        assertThat(answer.body()).contains("\"id\":\"" + id + "\"").doesNotContain("chatcmpl-3");
        assertThat((Boolean) JsonPath.read(body, "$.data.streamed")).isTrue();
        assertThat((Integer) JsonPath.read(body, "$.data.time_to_first_token")).isNotNegative();
        assertThat((String) JsonPath.read(body, "$.data.upstream_id")).isEqualTo("chatcmpl-3");
        assertThat((String) JsonPath.read(body, "$.data.finish_reason")).isEqualTo("stop");
    }

    @Test
    void answers404ForAGenerationOfAnotherAccount() {
        String id = JsonPath.read(chat("{\"model\":\"test/ok\"," + HI + "}").body(), "$.id");
        TestCaller stranger = router.newCaller();

        HttpResponse<String> response = generation("/api/v1/generation", id, stranger.auth());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.type")).isEqualTo("not_found_error");
        assertThat(generation("/api/v1/generation", id).statusCode()).isEqualTo(200);
    }

    @Test
    void answers404ForAnUnknownGeneration() {
        HttpResponse<String> response = generation("/api/v1/generation", "gen-1767225600-AAAAAAAAAAAAAAAAAAAA");

        assertThat(response.statusCode()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "chatcmpl-1", "gen-x"})
    void rejectsAMissingOrMalformedIdNamingTheParameter(String id) {
        HttpResponse<String> response = generation("/api/v1/generation", id);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("id");
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).contains("id ");
    }
}
