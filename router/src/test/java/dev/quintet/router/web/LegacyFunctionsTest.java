package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** OpenAI's legacy function calling reaches providers speaking OpenAI's format, and no translated one. */
class LegacyFunctionsTest extends RouterTest {

    private static final String FUNCTIONS = "\"functions\":[{\"name\":\"get_weather\",\"parameters\":{\"type\":"
            + "\"object\"}}],\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}]";
    private static final String FUNCTION_RESULT = "\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},"
            + "{\"role\":\"assistant\",\"content\":null,\"function_call\":{\"name\":\"get_weather\",\"arguments\":"
            + "\"{}\"}},{\"role\":\"function\",\"name\":\"get_weather\",\"content\":\"sunny\"}]";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"functions|" + FUNCTIONS, "function result|" + FUNCTION_RESULT})
    void passesItToAProviderSpeakingOpenAisFormat(String name, String fields) {
        HttpResponse<String> response = chat("{\"model\":\"test/ok\"," + fields + "}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(router.fake().received().getFirst().body().toString()).contains("get_weather");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "claude/ok|functions|" + FUNCTIONS,
            "gemini/ok|messages|" + FUNCTION_RESULT,
            "claude/ok|function_call|\"function_call\":\"auto\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]"})
    void refusesItWithA400WhereTheModelsProvidersAreTranslated(String model, String param, String fields) {
        HttpResponse<String> response = chat("{\"model\":\"" + model + "\"," + fields + "}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat(message(response)).contains("legacy function calling", "tools");
        assertThat(router.fake().received()).isEmpty();
    }
}
