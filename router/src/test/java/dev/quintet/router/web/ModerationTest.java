package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * A provider's moderation refusing the input (OpenRouter's 403 with {@code metadata.reasons}) is the caller's to
 * hear about, not a fault of the endpoint: it is not cooled down, and another provider of the model is tried.
 */
class ModerationTest extends RouterTest {

    @Test
    void answers403WhenEveryProvidersModerationFlaggedTheInput() {
        HttpResponse<String> response = chat("{\"model\":\"test/flagged\"," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat((String) JsonPath.read(response.body(), "$.error.metadata.reason")).isEqualTo("input_flagged");
        assertThat(message(response)).contains("moderation flagged", "harassment");
    }

    @Test
    void triesAnotherProviderWhenOnesModerationFlaggedTheInputWithoutCoolingItDown() {
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> response = chat("{\"model\":\"test/moderated\",\"provider\":{\"sort\":\"price\"},"
                    + HI + "}");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat((String) JsonPath.read(response.body(), "$.provider")).isEqualTo("Fake B");
        }
        // a cooling endpoint would be tried last: the flagging one is still tried first
        assertThat(router.fake().reached()).containsExactly("/a/", "/b/", "/a/", "/b/");
    }

    @Test
    void treatsAFlaggingErrorEventBeforeContentInAStreamAlike() {
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> response = chat("{\"model\":\"test/moderated\",\"stream\":true,"
                    + "\"provider\":{\"sort\":\"price\"}," + HI + "}");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"provider\":\"Fake B\"");
        }
        assertThat(router.fake().reached()).containsExactly("/a/", "/b/", "/a/", "/b/");
        assertThat(message(chat("{\"model\":\"test/flagged\",\"stream\":true," + HI + "}")))
                .contains("moderation flagged", "harassment");
    }

    @Test
    void answers502NamingEachFailureWhenOnlySomeFlaggedTheInput() {
        HttpResponse<String> response = chat("{\"model\":\"test/flagged-or-down\",\"provider\":{\"sort\":"
                + "\"price\"}," + HI + "}");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(message(response)).contains("harassment", "HTTP 500");
    }
}
