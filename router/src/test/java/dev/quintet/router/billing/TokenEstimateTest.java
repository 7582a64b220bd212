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
    void base64DataUrlsAndMediaPartsCountTheMediaAllowance() {
        TokenEstimate estimate = of("[{\"type\":\"text\",\"text\":\"What is this?\"},"
                + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}},"
                + "{\"type\":\"text\",\"text\":\"data:application/pdf;name=a.pdf;base64,JVBERi0=\"}]");

        assertThat(estimate.media()).isEqualTo(2);
        assertThat(estimate.likely()).isGreaterThanOrEqualTo(2L * TokenEstimate.MEDIA_TOKENS);
    }
}
