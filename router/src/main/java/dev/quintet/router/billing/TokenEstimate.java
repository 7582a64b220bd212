package dev.quintet.router.billing;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Token counts guessed from text, for when a provider reports none and for reserving credit before a call. Text
 * averages about four UTF-8 bytes per token; no common tokenizer needs more than one token per two bytes except on
 * rare scripts, so that is the ceiling reserved for. Chat templates add a few tokens per message and per request
 * (three each in OpenAI's); the ceiling allows eight. An image, audio clip or file counts a fixed allowance.
 */
public record TokenEstimate(long textBytes, int media, int messages) {

    static final int MEDIA_TOKENS = 1_600;
    static final int TEMPLATE_TOKENS = 3;
    static final int TEMPLATE_TOKENS_CEILING = 8;
    static final Set<String> MEDIA_TYPES = Set.of("image_url", "input_image", "image", "input_audio", "file");

    /** Measures the prompt of a chat body (messages, tools, response format) or a text-completions one (prompt, suffix). */
    public static TokenEstimate ofPrompt(JsonNode body) {
        Counter counter = new Counter();
        for (String field : new String[] {"messages", "prompt", "suffix", "tools", "functions", "response_format"}) {
            counter.walk(body.path(field));
        }
        return new TokenEstimate(counter.bytes, counter.media, body.path("messages").size());
    }

    /** The likely token count. */
    public long likely() {
        return ceilDiv(textBytes, 4) + (long) media * MEDIA_TOKENS + (messages + 1L) * TEMPLATE_TOKENS;
    }

    /** A count the real one should not exceed. */
    public long ceiling() {
        return ceilDiv(textBytes, 2) + (long) media * MEDIA_TOKENS + (messages + 1L) * TEMPLATE_TOKENS_CEILING;
    }

    /** The likely token count of generated text of {@code utf8Bytes} bytes. */
    public static long ofText(long utf8Bytes) {
        return ceilDiv(utf8Bytes, 4);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static final class Counter {
        long bytes;
        int media;

        void walk(JsonNode node) {
            if (node.isString()) {
                String s = node.asString();
                if (s.startsWith("data:")) {
                    media++;
                } else {
                    bytes += s.getBytes(StandardCharsets.UTF_8).length;
                }
            } else if (node.isObject() && MEDIA_TYPES.contains(node.path("type").asString(""))) {
                media++;
            } else if (node.isContainer()) {
                for (JsonNode child : node) {
                    walk(child);
                }
            }
        }
    }
}
