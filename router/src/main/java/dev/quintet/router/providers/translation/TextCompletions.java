package dev.quintet.router.providers.translation;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.UpstreamResponse;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Legacy text completions for a provider without a completions endpoint: the prompt becomes one user message of a
 * chat request, and the chat answer (whole or streamed) becomes {@code text_completion} objects whose
 * {@code choices[].text} is the message content, prefixed by the prompt under {@code echo: true}. {@code logprobs}
 * is not asked for (chat's format differs) and comes back null; {@code suffix} cannot be honoured.
 */
public final class TextCompletions {

    /** Text-completion fields that have no place in a chat request. */
    static final Set<String> TEXT_ONLY = Set.of("prompt", "echo", "suffix", "logprobs", "best_of");

    private TextCompletions() {
    }

    /** Sends {@code body} (a text-completions request) to {@code chat} as a chat request; answers as text. */
    public static UpstreamResponse overChat(Provider chat, Connection connection, Endpoint endpoint, ObjectNode body,
                                            boolean stream) throws IOException {
        String echo = body.path("echo").asBoolean(false) ? prompt(body) : "";
        UpstreamResponse response = chat.send(connection, endpoint, chatBody(body), stream);
        return stream ? Translations.stream(response, new TextChunks(echo))
                : Translations.answer(response, answer -> answer(answer, echo));
    }

    static ObjectNode chatBody(ObjectNode text) {
        ObjectNode chat = text.deepCopy();
        chat.remove(TEXT_ONLY);
        chat.putArray("messages").addObject().put("role", "user").put("content", prompt(text));
        return chat;
    }

    static String prompt(ObjectNode body) {
        JsonNode prompt = body.path("prompt");
        return prompt.isArray() ? prompt.path(0).asString("") : prompt.asString("");
    }

    static ObjectNode answer(ObjectNode chat, String echo) {
        ObjectNode text = chat.deepCopy();
        text.put("object", "text_completion");
        ArrayNode choices = text.putArray("choices");
        for (JsonNode choice : chat.path("choices")) {
            choices.add(choice(choice, echo + choice.path("message").path("content").asString("")));
        }
        return text;
    }

    static ObjectNode choice(JsonNode chat, String text) {
        ObjectNode out = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        out.put("index", chat.path("index").asInt(0));
        out.put("text", text);
        out.putNull("logprobs");
        out.set("finish_reason", chat.get("finish_reason") == null ? out.nullNode() : chat.get("finish_reason"));
        if (chat.has("native_finish_reason")) {
            out.set("native_finish_reason", chat.get("native_finish_reason"));
        }
        return out;
    }

    /** Chat chunks to text chunks; the echoed prompt goes before the first content. */
    static final class TextChunks implements StreamTranslator {

        private String echo;

        TextChunks(String echo) {
            this.echo = echo;
        }

        @Override
        public List<ObjectNode> event(JsonNode data) {
            ObjectNode chunk = ((ObjectNode) data).deepCopy();
            if (chunk.hasNonNull("error")) {
                return List.of(chunk);
            }
            chunk.put("object", "text_completion");
            ArrayNode choices = chunk.putArray("choices");
            for (JsonNode choice : data.path("choices")) {
                String content = choice.path("delta").path("content").asString("");
                if (!content.isEmpty() || choice.hasNonNull("finish_reason")) {
                    content = echo + content;
                    echo = "";
                }
                choices.add(choice(choice, content));
            }
            return List.of(chunk);
        }

        @Override
        public List<ObjectNode> end() {
            return List.of();
        }

        @Override
        public boolean complete() {
            return false;
        }
    }
}
