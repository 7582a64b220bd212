package dev.quintet.router.providers.gemini;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.LostPart;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.UpstreamHttp;
import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.providers.translation.Translations;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls {@code {base}/v1beta/models/{model}:generateContent}, or {@code :streamGenerateContent?alt=sse} for
 * streams, with the key in {@code x-goog-api-key}; error answers are read as {@link GeminiErrors} says.
 */
public final class GeminiProvider implements Provider {

    private final UpstreamHttp http;
    private final Clock clock;
    private final RandomGenerator random;
    private final long defaultMaxTokens;

    /** {@code random} mints the tool-call ids Gemini does not give. */
    public GeminiProvider(UpstreamHttp http, Clock clock, RandomGenerator random, long defaultMaxTokens) {
        this.http = http;
        this.clock = clock;
        this.random = random;
        this.defaultMaxTokens = defaultMaxTokens;
    }

    @Override
    public UpstreamResponse send(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        String model = body.path("model").asString().replaceFirst("^models/", "");
        String path = "v1beta/models/" + model + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
        long limit = endpoint.maxCompletionTokens() != null ? endpoint.maxCompletionTokens() : defaultMaxTokens;
        Map<String, String> headers = connection.apiKey() == null ? Map.of()
                : Map.of("x-goog-api-key", connection.apiKey());
        UpstreamResponse response = GeminiErrors.of(http.post(connection.provider().resolve(path), headers,
                GeminiRequest.of(body, limit), stream));
        long created = clock.instant().getEpochSecond();
        ToolCallIds ids = new ToolCallIds(random);
        return stream ? Translations.stream(response, new GeminiStream(created, ids))
                : Translations.answer(response, answer -> GeminiAnswer.of(answer, created, ids));
    }

    @Override
    public Optional<LostPart> lostPart(Connection connection, ObjectNode body) {
        return GeminiContents.lostPart(body.path("messages"));
    }
}
