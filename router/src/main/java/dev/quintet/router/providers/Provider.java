package dev.quintet.router.providers;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.translation.TextCompletions;
import java.io.IOException;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sends an OpenAI-shaped chat-completions body to one provider, translating the wire format where needed: whatever
 * the provider speaks, the answer reads as OpenAI's (a {@code chat.completion} body, or SSE chunks ending in
 * {@code [DONE]}), and error bodies carry {@code error.message}.
 */
public interface Provider {

    /**
     * Sends {@code body} (already naming {@code endpoint}'s upstream model) and returns once the response headers
     * have arrived; the caller reads and closes the body.
     *
     * @throws java.net.http.HttpTimeoutException when the provider does not answer in time
     * @throws IOException when the provider cannot be reached
     */
    UpstreamResponse send(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException;

    /**
     * Sends a legacy text-completions body ({@code prompt}); the answer reads as OpenAI's {@code text_completion}
     * objects. Unless a provider has its own completions endpoint, the prompt goes as a chat message.
     */
    default UpstreamResponse sendCompletion(Connection connection, Endpoint endpoint, ObjectNode body, boolean stream)
            throws IOException {
        return TextCompletions.overChat(this, connection, endpoint, body, stream);
    }

    /**
     * The first media part of the chat-completions {@code body} that this provider's format has no place for, or
     * empty when every part goes (as with providers speaking OpenAI's format, which get the parts as sent).
     */
    default Optional<LostPart> lostPart(Connection connection, ObjectNode body) {
        return Optional.empty();
    }
}
