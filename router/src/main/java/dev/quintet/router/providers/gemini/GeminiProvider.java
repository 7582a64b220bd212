package dev.quintet.router.providers.gemini;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.UpstreamHttp;
import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.providers.translation.Translations;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.random.RandomGenerator;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls {@code {base}/v1beta/models/{model}:generateContent}, or {@code :streamGenerateContent?alt=sse} for
 * streams, with the key in {@code x-goog-api-key}. Gemini answers a rejected key or an unusable project with 400;
 * those are turned into 401 and 403, so they fall back instead of being blamed on the caller.
 */
public final class GeminiProvider implements Provider {

    private static final int ERROR_BODY_LIMIT = 16_384;

    private final UpstreamHttp http;
    private final Clock clock;
    private final RandomGenerator random;
    private final long defaultMaxTokens;

    /** {@code random} mints tool-call ids, which Gemini does not give. */
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
        UpstreamResponse response = configurationFault(http.post(connection.provider().resolve(path), headers,
                GeminiRequest.of(body, limit), stream));
        long created = clock.instant().getEpochSecond();
        ToolCallIds ids = new ToolCallIds(random);
        return stream ? Translations.stream(response, new GeminiStream(created, ids))
                : Translations.answer(response, answer -> GeminiAnswer.of(answer, created, ids));
    }

    private static UpstreamResponse configurationFault(UpstreamResponse response) throws IOException {
        if (response.status() != 400) {
            return response;
        }
        byte[] body;
        try (response) {
            body = response.readBody(ERROR_BODY_LIMIT);
        }
        String text = new String(body, StandardCharsets.UTF_8);
        int status = text.contains("API_KEY_INVALID") ? 401 : text.contains("FAILED_PRECONDITION") ? 403 : 400;
        return new UpstreamResponse(status, response.retryAfter(), new ByteArrayInputStream(body));
    }
}
