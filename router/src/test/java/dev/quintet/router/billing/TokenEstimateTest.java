package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What a prompt is taken to cost before the call: text by its bytes and tokens, media by an allowance. */
class TokenEstimateTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static TokenEstimate of(String content) {
        JsonNode body = JSON.readTree("{\"messages\":[{\"role\":\"user\",\"content\":" + content + "}]}");
        return TokenEstimate.ofPrompt(body);
    }

    @Test
    void textThatOnlyBeginsLikeADataUrlIsCountedAsText() {
        String text = "data: " + "lorem ipsum ".repeat(10_000);

        TokenEstimate estimate = of(JSON.writeValueAsString(text));

        assertThat(estimate.media()).isZero();
        assertThat(estimate.ceiling()).isGreaterThanOrEqualTo(text.length() / 2);
    }

    @Test
    void mediaPartsCountTheMediaAllowanceAndADataUrlInTextCountsAsText() {
        String pdf = "data:application/pdf;name=a.pdf;base64," + "JVBERi0".repeat(10_000);
        TokenEstimate estimate = of("[{\"type\":\"text\",\"text\":\"What is this?\"},"
                + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}},"
                + "{\"type\":\"text\",\"text\":\"" + pdf + "\"}]");

        assertThat(estimate.media()).isEqualTo(1);
        assertThat(estimate.likely()).isGreaterThanOrEqualTo(TokenEstimate.MEDIA_TOKENS);
        assertThat(estimate.ceiling()).isGreaterThanOrEqualTo(TokenEstimate.MEDIA_TOKENS + pdf.length() / 2);
    }

    @Test
    void countsThePropertyNamesOfToolSchemasButNotTheKeysOfMessages() {
        String name = "a_very_long_property_name_the_provider_reads_".repeat(100);
        JsonNode body = JSON.readTree("{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"tools\":[{"
                + "\"type\":\"function\",\"function\":{\"name\":\"f\",\"parameters\":{\"type\":\"object\","
                + "\"properties\":{\"" + name + "\":{\"type\":\"string\"}}}}}]}");

        TokenEstimate estimate = TokenEstimate.ofPrompt(body);

        assertThat(estimate.ceiling()).isGreaterThanOrEqualTo(name.length() / 2);
        assertThat(of("\"Hi\"").text().bytes()).as("'user' and 'Hi', not 'role' and 'content'").isEqualTo(6);
    }
}
