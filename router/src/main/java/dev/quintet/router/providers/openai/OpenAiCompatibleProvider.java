package dev.quintet.router.providers.openai;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.UpstreamHttp;
import dev.quintet.router.providers.UpstreamResponse;
import java.io.IOException;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls {@code {base}/chat/completions} (and {@code {base}/completions} for legacy text completions) of a provider
 * that speaks OpenAI's format; nothing is translated but the fields some providers take differently (see
 * {@link OpenAiDialects}). A provider answering 404 on {@code /completions} (it has none, or not for this model, as
 * OpenAI's chat models) gets the prompt as a chat message instead, unless the request has a {@code suffix}, which
 * only a completions endpoint can honour.
 */
public final class OpenAiCompatibleProvider implements Provider {

    private final UpstreamHttp http;

    public OpenAiCompatibleProvider(UpstreamHttp http) {
        this.http = http;
    }

    @Override
    public UpstreamResponse send(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        return http.post(connection.provider().resolve("chat/completions"), headers(connection),
                OpenAiDialects.adapt(connection.provider().slug(), body), stream);
    }

    @Override
    public UpstreamResponse sendCompletion(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        UpstreamResponse response = http.post(connection.provider().resolve("completions"), headers(connection), body,
                stream);
        if (response.status() != 404 || body.hasNonNull("suffix")) {
            return response;
        }
        response.close();
        return Provider.super.sendCompletion(connection, endpoint, body, stream);
    }

    private static Map<String, String> headers(Connection connection) {
        return connection.apiKey() == null ? Map.of() : Map.of("Authorization", "Bearer " + connection.apiKey());
    }
}
