package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.RouterSettings;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** A request to {@code openrouter/free} takes one request of the free-model allowance, as a free model's does. */
@RouterSettings("--quintet.router.free.per-minute=1")
class FreeModelsAllowanceTest extends RouterTest {

    @Test
    void countsAgainstTheFreeModelAllowance() {
        String body = "{\"model\":\"openrouter/free\",\"provider\":{\"zdr\":true},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";

        HttpResponse<String> first = chat(body);
        HttpResponse<String> second = chat(body);

        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(second.statusCode()).as(second.body()).isEqualTo(429);
        assertThat(second.headers().firstValue("Retry-After")).isPresent();
    }
}
