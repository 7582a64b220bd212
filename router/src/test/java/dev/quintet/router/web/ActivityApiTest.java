package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ActivityApiTest extends RouterTest {

    private static HttpResponse<String> get(TestCaller caller, String pathAndQuery) {
        return Http.get(router.url() + pathAndQuery, caller.auth());
    }

    @Test
    void sumsTheAccountsUsePerDayModelAndProvider() {
        TestCaller caller = callerWith("5");
        chat(caller, "{\"model\":\"test/ok\"," + HI + "}");
        chat(caller, "{\"model\":\"test/ok\"," + HI + "}");
        chat(caller, "{\"model\":\"test/fallback-500\"," + HI + "}");
        chat(router.newCaller(), "{\"model\":\"test/ok:free\"," + HI + "}");
        String today = LocalDate.now(ZoneOffset.UTC).toString();

        HttpResponse<String> response = get(caller, "/api/v1/activity");

        assertThat(response.statusCode()).isEqualTo(200);
        String body = response.body();
        List<String> models = JsonPath.read(body, "$.data[*].model");
        assertThat(models).containsExactlyInAnyOrder("test/ok", "test/fallback-500");
        assertThat((List<String>) JsonPath.read(body, "$.data[?(@.model == 'test/ok')].date")).containsExactly(today);
        assertThat((List<Integer>) JsonPath.read(body, "$.data[?(@.model == 'test/ok')].requests")).containsExactly(2);
        assertThat((List<Integer>) JsonPath.read(body, "$.data[?(@.model == 'test/ok')].prompt_tokens"))
                .containsExactly(18);
        assertThat((List<Integer>) JsonPath.read(body, "$.data[?(@.model == 'test/ok')].completion_tokens"))
                .containsExactly(4);
        assertThat((List<String>) JsonPath.read(body, "$.data[?(@.model == 'test/fallback-500')].provider_name"))
                .containsExactly("Fake B");
        assertThat(Json.decimal(body, "/data/0/usage")).isPositive();
        assertThat(body).doesNotContain("null");
    }

    @Test
    void filtersByOneDayWithinTheLastThirtyDays() {
        TestCaller caller = callerWith("5");
        chat(caller, "{\"model\":\"test/ok\"," + HI + "}");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        assertThat((List<?>) JsonPath.read(get(caller, "/api/v1/activity?date=" + today).body(), "$.data")).hasSize(1);
        assertThat((List<?>) JsonPath.read(get(caller, "/v1/activity?date=" + today.minusDays(3)).body(), "$.data"))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"yesterday", "2026-13-01", "2001-01-01"})
    void rejectsADateThatIsMalformedOrOutOfRangeNamingTheParameter(String date) {
        HttpResponse<String> response = get(router.newCaller(), "/api/v1/activity?date=" + date);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("date");
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).startsWith("date must be");
    }

    @Test
    void listsTheLatestGenerationsOfTheAccountNewestFirst() {
        TestCaller caller = callerWith("5");
        String first = JsonPath.read(chat(caller, "{\"model\":\"test/ok\"," + HI + "}").body(), "$.id");
        String second = JsonPath.read(chat(caller, "{\"model\":\"test/fallback-500\"," + HI + "}").body(), "$.id");
        chat(router.newCaller(), "{\"model\":\"test/ok:free\"," + HI + "}");

        String all = get(caller, "/api/v1/generations").body();
        String one = get(caller, "/api/v1/generations?limit=1").body();

        assertThat((List<String>) JsonPath.read(all, "$.data[*].id")).containsExactly(second, first);
        assertThat((List<String>) JsonPath.read(one, "$.data[*].id")).containsExactly(second);
        assertThat((List<String>) JsonPath.read(all, "$.data[*].provider_name")).containsExactly("Fake B", "Fake A");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "ten"})
    void rejectsALimitOutsideOneToAHundred(String limit) {
        HttpResponse<String> response = get(router.newCaller(), "/api/v1/generations?limit=" + limit);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("limit");
    }
}
