package dev.quintet.router.billing;

import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Token counts of a prompt, for reserving credit before a call and for when a provider reports none. The likely
 * count is the prompt's text counted by the {@link Tokenizer}; the ceiling reserved for allows one token per two
 * UTF-8 bytes, which no common tokenizer exceeds except on rare scripts. Chat templates add a few tokens per message
 * and per request (three each in OpenAI's); the ceiling allows eight. An image, audio clip or file (a media part)
 * counts a fixed allowance; text is text, also where it spells a data URL (a provider reads it as text). In tool
 * definitions and response formats the property names are text too: they are the schemas' words.
 */
public record TokenEstimate(int media, int messages, CountableText text) {

    static final int MEDIA_TOKENS = 1_600;
    static final int TEMPLATE_TOKENS = 3;
    static final int TEMPLATE_TOKENS_CEILING = 8;
    static final Set<String> MEDIA_TYPES = Set.of("image_url", "input_image", "image", "input_audio", "file");

    /** Measures the prompt of a chat body (messages, tools, response format) or a text-completions one (prompt, suffix). */
    public static TokenEstimate ofPrompt(JsonNode body) {
        Counter counter = new Counter();
        for (String field : new String[] {"messages", "prompt", "suffix"}) {
            counter.walk(body.path(field), false);
        }
        for (String field : new String[] {"tools", "functions", "response_format"}) {
            counter.walk(body.path(field), true);
        }
        return new TokenEstimate(counter.media, body.path("messages").size(), counter.text);
    }

    /** The likely token count. */
    public long likely() {
        return text.tokens() + (long) media * MEDIA_TOKENS + (messages + 1L) * TEMPLATE_TOKENS;
    }

    /** A count the real one should not exceed. */
    public long ceiling() {
        return ceilDiv(text.bytes(), 2) + (long) media * MEDIA_TOKENS + (messages + 1L) * TEMPLATE_TOKENS_CEILING;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static final class Counter {
        final CountableText text = new CountableText();
        int media;

        void walk(JsonNode node, boolean names) {
            if (node.isString()) {
                text.add(node.asString());
            } else if (node.isObject() && MEDIA_TYPES.contains(node.path("type").asString(""))) {
                media++;
            } else if (node.isObject()) {
                for (var property : node.properties()) {
                    if (names) {
                        text.add(property.getKey());
                    }
                    walk(property.getValue(), names);
                }
            } else if (node.isArray()) {
                for (JsonNode child : node) {
                    walk(child, names);
                }
            }
        }
    }
}
