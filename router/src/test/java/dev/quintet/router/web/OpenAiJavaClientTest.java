package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.errors.NotFoundException;
import com.openai.errors.RateLimitException;
import com.openai.errors.UnauthorizedException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.models.Model;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The official OpenAI Java client, pointed at the router's base URL with a Quintet key. */
class OpenAiJavaClientTest extends RouterTest {

    private static OpenAIClient client(String key) {
        return OpenAIOkHttpClient.builder().baseUrl(router.url() + "/api/v1").apiKey(key).maxRetries(0).build();
    }

    private static ChatCompletionCreateParams params(String model) {
        return ChatCompletionCreateParams.builder().model(model).addUserMessage("Hi").build();
    }

    @Test
    void completesAPlainCall() {
        ChatCompletion completion = client(router.key()).chat().completions().create(params("test/ok"));

        assertThat(completion.model()).isEqualTo("test/ok");
        assertThat(completion.choices().getFirst().message().content()).hasValue("Hello");
        assertThat(completion.usage().map(u -> u.totalTokens())).hasValue(11L);
        assertThat(completion._additionalProperties().get("provider").asString()).hasValue("Fake A");
    }

    @Test
    void streamsWithUsage() {
        try (StreamResponse<ChatCompletionChunk> stream =
                     client(router.key()).chat().completions().createStreaming(params("test/ok"))) {
            List<ChatCompletionChunk> chunks = stream.stream().toList();

            String text = String.join("", chunks.stream().flatMap(c -> c.choices().stream())
                    .map(c -> c.delta().content().orElse("")).toList());
            assertThat(text).isEqualTo("Hello");
            assertThat(chunks.getLast().choices()).isEmpty();
            assertThat(chunks.getLast().usage().map(u -> u.totalTokens())).isEqualTo(Optional.of(11L));
        }
    }

    @Test
    void listsTheModels() {
        List<Model> models = client(router.key()).models().list().data();

        Model gpt4o = models.stream().filter(m -> m.id().equals("openai/gpt-4o")).findFirst().orElseThrow();
        assertThat(gpt4o.ownedBy()).isEqualTo("openai");
        assertThat(gpt4o.created()).isPositive();
        assertThat(models).hasSizeGreaterThan(300);
    }

    @Test
    void getsTheMatchingExceptionForEachErrorStatus() {
        assertThatThrownBy(() -> client("qt_wrong").chat().completions().create(params("test/ok")))
                .isInstanceOf(UnauthorizedException.class);
        assertThatThrownBy(() -> client(router.key()).chat().completions().create(params("acme/imaginary-1")))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("not in the catalog");
        assertThatThrownBy(() -> client(router.key()).chat().completions().create(params("test/all-429")))
                .isInstanceOf(RateLimitException.class);
    }
}
