package dev.quintet.router.providers.anthropic;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.LostPart;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.UpstreamHttp;
import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.providers.translation.Translations;
import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls {@code {base}/v1/messages} with the key in {@code x-api-key} and {@code anthropic-version: 2023-06-01}.
 * Anthropic requires {@code max_tokens}: when the request sets none, the endpoint's completion limit is sent, else
 * the router's default completion length (the same figure credit is reserved for).
 */
public final class AnthropicProvider implements Provider {

    static final String VERSION = "2023-06-01";

    private final UpstreamHttp http;
    private final Clock clock;
    private final long defaultMaxTokens;

    public AnthropicProvider(UpstreamHttp http, Clock clock, long defaultMaxTokens) {
        this.http = http;
        this.clock = clock;
        this.defaultMaxTokens = defaultMaxTokens;
    }

    @Override
    public UpstreamResponse send(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        long limit = endpoint.maxCompletionTokens() != null ? endpoint.maxCompletionTokens() : defaultMaxTokens;
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("anthropic-version", VERSION);
        if (connection.apiKey() != null) {
            headers.put("x-api-key", connection.apiKey());
        }
        UpstreamResponse response = http.post(connection.provider().resolve("v1/messages"), headers,
                AnthropicRequest.of(body, limit, stream, structured(endpoint)), stream);
        long created = clock.instant().getEpochSecond();
        return stream ? Translations.stream(response, new AnthropicStream(created))
                : Translations.answer(response, answer -> AnthropicAnswer.of(answer, created));
    }

    @Override
    public Optional<LostPart> lostPart(Connection connection, ObjectNode body) {
        return AnthropicMessages.lostPart(body.path("messages"));
    }

    /**
     * Whether {@code endpoint} lists structured output; one that lists no parameters (a config-file endpoint) is not
     * taken to, since older Claude models refuse it.
     */
    private static boolean structured(Endpoint endpoint) {
        return endpoint.supportedParameters() != null && endpoint.supportedParameters().contains("structured_outputs");
    }
}
