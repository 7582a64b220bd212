package dev.quintet.router.generations;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterSettings;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Requests that no endpoint answered are generations too: their error names the generation, and the generation says
 * what each endpoint did and what the caller got, at no cost. {@code test/down} fails at all three of its endpoints
 * (two 500s and one that cannot be reached), {@code test/hang} outlasts the upstream timeout of 1 s.
 */
@RouterSettings("--quintet.router.upstream-timeout=1s")
class FailedGenerationsTest extends RouterTest {

    private static HttpResponse<String> generation(TestCaller caller, String id) {
        return Http.get(router.url() + "/api/v1/generation?id=" + id, caller.auth());
    }

    /** The generation id of a failed answer, checked to be the same in its header and its error's metadata. */
    private static String failedId(HttpResponse<String> response) {
        String id = response.headers().firstValue("X-Generation-Id").orElseThrow();
        assertThat(id).matches("gen-\\d+-[0-9A-Za-z]{20}");
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.generation_id")).isEqualTo(id);
        return id;
    }

    private static List<Map<String, Object>> attempts(String generation) {
        return JsonPath.read(generation, "$.data.provider_responses");
    }

    private static void creditUntouched(TestCaller caller) {
        assertThat(router.credits().balance(caller.accountId())).isEqualByComparingTo("1");
        assertThat(router.credits().available(caller.accountId())).as("no hold left").isEqualByComparingTo("1");
    }

    @Test
    void recordsARequestThatFailedAtEveryEndpointWithEachAttemptAtNoCost() {
        TestCaller caller = callerWith("1");
        Instant before = Instant.now().minusSeconds(1);

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/down\"," + HI + "}");
        String id = failedId(response);
        HttpResponse<String> found = generation(caller, id);
        String body = found.body();

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(body, "$.data.id")).isEqualTo(id);
        assertThat((String) JsonPath.read(body, "$.data.request_id"))
                .isEqualTo(response.headers().firstValue("X-Request-Id").orElseThrow());
        assertThat(Instant.parse(JsonPath.read(body, "$.data.created_at"))).isAfter(before);
        assertThat((String) JsonPath.read(body, "$.data.requested_model")).isEqualTo("test/down");
        assertThat((String) JsonPath.read(body, "$.data.model")).isEqualTo("test/down");
        assertThat(body).contains("\"provider_name\":null", "\"upstream_id\":null", "\"native_finish_reason\":null",
                "\"time_to_first_token\":null");
        assertThat((String) JsonPath.read(body, "$.data.finish_reason")).isEqualTo("error");
        assertThat((Boolean) JsonPath.read(body, "$.data.streamed")).isFalse();
        assertThat((Boolean) JsonPath.read(body, "$.data.cancelled")).isFalse();
        assertThat((Integer) JsonPath.read(body, "$.data.latency")).isNotNegative();
        assertThat(Json.decimal(body, "/data/total_cost")).isZero();
        assertThat(Json.decimal(body, "/data/usage")).isZero();
        for (String tokens : List.of("tokens_prompt", "tokens_completion", "native_tokens_prompt",
                "native_tokens_completion", "native_tokens_reasoning", "native_tokens_cached")) {
            assertThat((Integer) JsonPath.read(body, "$.data." + tokens)).as(tokens).isZero();
        }
        assertThat((Integer) JsonPath.read(body, "$.data.error.code")).isEqualTo(502);
        assertThat((String) JsonPath.read(body, "$.data.error.reason")).isEqualTo("upstream_failed");
        assertThat((String) JsonPath.read(body, "$.data.error.message"))
                .isEqualTo(JsonPath.read(response.body(), "$.error.message"))
                .contains("all 3 endpoints failed", "Fake A: HTTP 500", "Fake B: HTTP 500",
                        "Dead: could not be reached");
        assertThat(attempts(body)).extracting(a -> a.get("provider_name"), a -> a.get("model"), a -> a.get("status"),
                a -> a.get("error")).containsExactlyInAnyOrder(
                tuple("Fake A", "test/down", 500, "error_status"),
                tuple("Fake B", "test/down", 500, "error_status"),
                tuple("Dead", "test/down", 0, "unreachable"));
        assertThat(attempts(body)).allSatisfy(a -> assertThat((Integer) a.get("latency")).isNotNegative());
        creditUntouched(caller);
        assertThat((List<String>) JsonPath.read(Http.get(router.url() + "/api/v1/generations", caller.auth()).body(),
                "$.data[*].id")).containsExactly(id);
        assertThat((List<?>) JsonPath.read(Http.get(router.url() + "/api/v1/activity", caller.auth()).body(),
                "$.data")).as("a failure used nothing").isEmpty();
    }

    @Test
    void recordsATimeoutAsAnAttemptWithoutStatus() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/hang\"," + HI + "}");
        String body = generation(caller, failedId(response)).body();

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat((String) JsonPath.read(body, "$.data.error.message")).contains("timed out");
        assertThat(attempts(body)).singleElement().satisfies(a -> {
            assertThat(a).containsEntry("provider_name", "Fake A").containsEntry("status", 0)
                    .containsEntry("error", "timeout");
            assertThat((Integer) a.get("latency")).isBetween(900, 2900);
        });
        assertThat(Json.decimal(body, "/data/total_cost")).isZero();
        creditUntouched(caller);
    }

    @Test
    void recordsAStreamThatFailedBeforeItsFirstToken() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, RouterFixture.streamBody("test/down"));
        String body = generation(caller, failedId(response)).body();

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat((Boolean) JsonPath.read(body, "$.data.streamed")).isTrue();
        assertThat((String) JsonPath.read(body, "$.data.finish_reason")).isEqualTo("error");
        assertThat((Integer) JsonPath.read(body, "$.data.error.code")).isEqualTo(502);
        assertThat(body).contains("\"time_to_first_token\":null", "\"generation_time\":null");
        assertThat(attempts(body)).hasSize(3);
        assertThat(Json.decimal(body, "/data/total_cost")).isZero();
        creditUntouched(caller);
    }

    @Test
    void recordsAStreamThatTimedOutAfterKeepAlivesHadCommittedIt() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, RouterFixture.streamBody("test/hang"));
        String id = response.headers().firstValue("X-Generation-Id").orElseThrow();
        String last = RouterFixture.sseData(response).getLast();
        String body = generation(caller, id).body();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains(": QUINTET PROCESSING").doesNotContain("[DONE]");
        assertThat((String) JsonPath.read(last, "$.id")).isEqualTo(id);
        assertThat((Integer) JsonPath.read(last, "$.error.code")).isEqualTo(502);
        assertThat((String) JsonPath.read(last, "$.choices[0].finish_reason")).isEqualTo("error");
        assertThat((Boolean) JsonPath.read(body, "$.data.streamed")).isTrue();
        assertThat((Integer) JsonPath.read(body, "$.data.error.code")).isEqualTo(502);
        assertThat((String) JsonPath.read(body, "$.data.error.message"))
                .isEqualTo(JsonPath.read(last, "$.error.message"));
        assertThat(attempts(body)).extracting(a -> a.get("status"), a -> a.get("error"))
                .containsExactly(tuple(0, "timeout"));
        creditUntouched(caller);
    }

    @Test
    void recordsEndpointsSkippedForWantOfCreditWithoutCallingThem() {
        TestCaller broke = router.newCaller();

        HttpResponse<String> response = chat(broke, "{\"model\":\"test/ok\"," + HI + "}");
        String body = generation(broke, failedId(response)).body();

        assertThat(response.statusCode()).isEqualTo(402);
        assertThat(router.fake().received()).isEmpty();
        assertThat((Integer) JsonPath.read(body, "$.data.error.code")).isEqualTo(402);
        assertThat((String) JsonPath.read(body, "$.data.error.reason")).isEqualTo("insufficient_credits");
        assertThat(attempts(body)).extracting(a -> a.get("provider_name"), a -> a.get("status"), a -> a.get("error"),
                a -> a.get("latency")).containsExactly(tuple("Fake A", 402, "insufficient_credits", 0));
    }

    @Test
    void recordsAnUpstreamRejectionOfTheRequest() {
        TestCaller caller = callerWith("1");

        HttpResponse<String> response = chat(caller, "{\"model\":\"test/bad-request\"," + HI + "}");
        String body = generation(caller, failedId(response)).body();

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(body, "$.data.error.reason")).isEqualTo("upstream_rejected_request");
        assertThat(attempts(body)).extracting(a -> a.get("status"), a -> a.get("error"))
                .containsExactly(tuple(400, "error_status"));
    }

    @Test
    void showsAFailedGenerationOnlyToItsOwnAccount() {
        TestCaller owner = callerWith("1");
        TestCaller stranger = callerWith("1");
        String id = failedId(chat(owner, "{\"model\":\"test/paid-500\"," + HI + "}"));

        HttpResponse<String> response = generation(stranger, id);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.type")).isEqualTo("not_found_error");
        assertThat(response.body()).doesNotContain("test/paid-500", "Fake A", "generation_id");
        assertThat((List<?>) JsonPath.read(Http.get(router.url() + "/api/v1/generations", stranger.auth()).body(),
                "$.data")).isEmpty();
        assertThat(generation(owner, id).statusCode()).isEqualTo(200);
    }
}
