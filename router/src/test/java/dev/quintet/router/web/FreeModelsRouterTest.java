package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code openrouter/free} is answered by a free model configured here, the first drawn at random, the others as
 * fallbacks; a free request. {@code provider.zdr} keeps the draw to the fixture's free models on fake-b (free/one and
 * free/two:free), the one provider keeping nothing: the others include models that hang or fail on purpose.
 * free/mixed, listed before them, is free only on an unreachable provider that zdr rules out, and paid on fake-b:
 * its paid endpoint must never be tried. (The fixture's draw always takes the first candidate.)
 */
class FreeModelsRouterTest extends RouterTest {

    private static final String HI = "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]";

    @Test
    void aFreeModelAnswersAndTheGenerationNamesBothAndCostsNothing() {
        Set<String> answered = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> response = chat("{\"model\":\"openrouter/free\",\"provider\":{\"zdr\":true},"
                    + HI + "}");

            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            answered.add(JsonPath.read(response.body(), "$.model"));
            if (i == 0) {
                String generation = generationOf(response);
                assertThat((String) JsonPath.read(generation, "$.data.requested_model")).isEqualTo("openrouter/free");
                assertThat(new BigDecimal(JsonPath.read(generation, "$.data.total_cost").toString())).isZero();
            }
        }
        assertThat(answered).containsExactly("free/one");
        assertThat(router.fake().reached()).containsOnly("/b/");
    }

    @Test
    void noFreeModelLeftIsTheFirstOnesReasonSayingTheOthersFailToo() {
        HttpResponse<String> response = chat("{\"model\":\"openrouter/free\",\"provider\":{\"only\":[\"nobody\"]},"
                + HI + "}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo("provider.only");
        assertThat(message(response)).contains("nor can the other", "free models configured here");
        assertThat(router.fake().received()).isEmpty();
    }
}
