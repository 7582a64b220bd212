package dev.quintet.router.providers;

import dev.quintet.router.catalog.Endpoint;
import java.io.IOException;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/** The adapters, one per wire format: sends each call through the one its provider speaks. */
public final class ProviderAdapters implements Provider {

    private final Provider openAi;
    private final Provider anthropic;
    private final Provider gemini;

    public ProviderAdapters(Provider openAi, Provider anthropic, Provider gemini) {
        this.openAi = openAi;
        this.anthropic = anthropic;
        this.gemini = gemini;
    }

    @Override
    public UpstreamResponse send(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        return adapter(connection).send(connection, endpoint, body, stream);
    }

    @Override
    public UpstreamResponse sendCompletion(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        return adapter(connection).sendCompletion(connection, endpoint, body, stream);
    }

    @Override
    public Optional<LostPart> lostPart(Connection connection, ObjectNode body) {
        return adapter(connection).lostPart(connection, body);
    }

    private Provider adapter(Connection connection) {
        return switch (connection.provider().wireFormat()) {
            case OPENAI -> openAi;
            case ANTHROPIC -> anthropic;
            case GEMINI -> gemini;
        };
    }
}
