package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Requests go only to endpoints that can take them whole: tools to endpoints that take tools, media parts to formats
 * with a place for them; with none left, a 404 in OpenRouter's words and no call.
 */
class RequestFitTest extends RouterTest {

    private static final String TOOLS = "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"parameters\":{\"type\":\"object\"}}}]";
    private static final String USER = "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"What?\"},";
    private static final String AUDIO = USER + "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklGRg==\","
            + "\"format\":\"wav\"}}]}";
    private static final String PDF = USER + "{\"type\":\"file\",\"file\":{\"filename\":\"a.pdf\","
            + "\"file_data\":\"data:application/pdf;base64,JVBERi0=\"}}]}";
    private static final String ZIP = USER + "{\"type\":\"file\",\"file\":{\"filename\":\"a.zip\","
            + "\"file_data\":\"data:application/zip;base64,UEsDBA==\"}}]}";
    private static final String SCREENSHOT_RESULT = "{\"role\":\"user\",\"content\":\"Look\"},{\"role\":\"assistant\","
            + "\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"capture\","
            + "\"arguments\":\"{}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":[{\"type\":"
            + "\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}}]}";

    @Test
    void toolsGoOnlyToAnEndpointThatTakesThem() {
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> response = chat("{\"model\":\"test/params\",\"provider\":{\"order\":[\"fake-a\"]},"
                    + TOOLS + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}]}");

            assertThat(response.statusCode()).isEqualTo(200);
        }
        assertThat(router.fake().reached()).containsOnly("/b/");
        assertThat(router.fake().received().getFirst().body().path("tools").size()).isEqualTo(1);
    }

    @Test
    void toolsForAModelWithoutToolUseAre404InOpenRoutersWords() {
        HttpResponse<String> response = chat("{\"model\":\"test/nolimit\"," + TOOLS
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}]}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("tools");
        assertThat(message(response)).startsWith("No endpoints found that support tool use").contains("test/nolimit");
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void toolsRuledOutByPreferencesSaySoAndTheToolsReasonLeadsOtherModelsReasons() {
        // claude/ok's one provider is ignored; test/params takes tools only at fake-b, which provider.only rules out
        HttpResponse<String> response = chat("{\"model\":\"claude/ok\",\"models\":[\"test/params\"],"
                + "\"provider\":{\"only\":[\"fake-a\"]}," + TOOLS
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}]}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("tools");
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.reason"))
                .isEqualTo("no_endpoint_with_tools");
        assertThat(message(response)).startsWith("No endpoints found that support tool use: the endpoints of model "
                + "test/params that take tools (fake-b) are ruled out by the provider preferences")
                .contains("claude/ok");
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void toolsOtherThanFunctionsGoOnlyToProvidersSpeakingOpenAisFormat() {
        HttpResponse<String> response = chat("{\"model\":\"claude/ok\",\"tools\":[{\"type\":\"custom\","
                + "\"custom\":{\"name\":\"grep\"}}],\"messages\":[{\"role\":\"user\",\"content\":\"Find\"}]}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("tools");
        assertThat(message(response)).contains("custom", "function tools only");
        assertThat(router.fake().received()).isEmpty();
    }

    @ParameterizedTest(name = "{0} to {1}")
    @CsvSource(delimiter = '|', value = {
            "audio|claude/ok|messages[0].content[1]|" + AUDIO,
            "file|claude/ok|messages[0].content[1]|" + ZIP,
            "image|gemini/ok|messages[2].content[0]|" + SCREENSHOT_RESULT,
            "image|claude/ok|messages[0].content[0]|{\"role\":\"system\",\"content\":[{\"type\":\"image_url\","
                    + "\"image_url\":\"https://x/a.png\"}]},{\"role\":\"user\",\"content\":\"Hi\"}",
            "video|gemini/ok|messages[0].content[1]|" + USER + "{\"type\":\"video_url\",\"video_url\":"
                    + "{\"url\":\"ftp://x/a.mp4\"}}]}"})
    void mediaATranslatedFormatCannotCarryIs404NamingThePart(String kind, String model, String param,
                                                            String messages) {
        HttpResponse<String> response = chat("{\"model\":\"" + model + "\",\"messages\":[" + messages + "]}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat(message(response)).startsWith("No endpoints found that support " + kind + " input")
                .contains(model, param);
        assertThat(router.fake().received()).isEmpty();
    }

    @Test
    void mediaNoFormatCarriesIsToldPerFormat() {
        // Gemini takes the audio but not the screenshot in a tool result; Anthropic the screenshot but not the audio
        HttpResponse<String> response = chat("{\"model\":\"mixed/ok\",\"messages\":[" + SCREENSHOT_RESULT + ","
                + AUDIO + "]}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat(message(response)).startsWith("No endpoints found that support ")
                .contains("fake-anthropic cannot take messages[3].content[1] (audio)",
                        "fake-gemini cannot take messages[2].content[0] (image)");
        assertThat(router.fake().received()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"audio to Gemini|gemini/ok|" + AUDIO, "PDF to Anthropic|claude/ok|" + PDF})
    void mediaATranslatedFormatCarriesGoes(String name, String model, String messages) {
        HttpResponse<String> response = chat("{\"model\":\"" + model + "\",\"messages\":[" + messages + "]}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(router.fake().received()).hasSize(1);
    }

    @Test
    void mediaGoesToTheEndpointWhoseFormatCarriesIt() {
        HttpResponse<String> response = chat("{\"model\":\"claude/overloaded\",\"provider\":{\"order\":"
                + "[\"fake-anthropic\"]},\"messages\":[" + AUDIO + "]}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(router.fake().reached()).containsExactly("/b/");
        assertThat(router.fake().received().getFirst().body().toString()).contains("input_audio");
    }
}
