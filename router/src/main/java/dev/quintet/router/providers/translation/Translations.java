package dev.quintet.router.providers.translation;

import dev.quintet.router.providers.UpstreamResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.function.UnaryOperator;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Turns a provider's successful answer into OpenAI's, a whole body or a stream; failures pass unchanged. */
public final class Translations {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Translations() {
    }

    /**
     * The answer with its body translated by {@code translate}; a body that is not a JSON object is passed on as
     * it came (the router then reports the provider's answer as unusable).
     */
    public static UpstreamResponse answer(UpstreamResponse upstream, UnaryOperator<ObjectNode> translate)
            throws IOException {
        if (!upstream.ok()) {
            return upstream;
        }
        try (upstream) {
            byte[] body = upstream.body().readAllBytes();
            byte[] out = body;
            try {
                JsonNode parsed = JSON.readTree(body);
                if (parsed instanceof ObjectNode object && !object.hasNonNull("error")) {
                    out = JSON.writeValueAsBytes(translate.apply(object));
                }
            } catch (JacksonException e) {
                // passed on as it came
            }
            return new UpstreamResponse(upstream.status(), upstream.retryAfter(), new ByteArrayInputStream(out));
        }
    }

    /** The answer with its event stream read through {@code translator}. */
    public static UpstreamResponse stream(UpstreamResponse upstream, StreamTranslator translator) {
        if (!upstream.ok()) {
            return upstream;
        }
        return new UpstreamResponse(upstream.status(), upstream.retryAfter(),
                new TranslatedStream(upstream.body(), translator), upstream.cancel());
    }
}
