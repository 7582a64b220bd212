package dev.quintet.router.providers.translation;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's answer shapes: writing a {@code chat.completion}, a {@code chat.completion.chunk}, a {@code usage}; reading
 * a choice's finish reasons.
 */
public final class OpenAiAnswers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private OpenAiAnswers() {
    }

    /** A one-choice completion. */
    public static ObjectNode completion(String id, long created, String model, ObjectNode message,
                                        String finishReason, String nativeFinishReason, ObjectNode usage) {
        ObjectNode answer = head(id, "chat.completion", created, model);
        ObjectNode choice = answer.putArray("choices").addObject();
        choice.put("index", 0);
        choice.set("message", message);
        choice.putNull("logprobs");
        choice.put("finish_reason", finishReason);
        choice.put("native_finish_reason", nativeFinishReason);
        if (usage != null) {
            answer.set("usage", usage);
        }
        return answer;
    }

    /**
     * The provider's own finish reason of a completion's or chunk's {@code choice}: its {@code native_finish_reason}
     * where the answer carries one (translated answers and OpenRouter's do), else its {@code finish_reason}; null when
     * it has neither.
     */
    public static String nativeFinishReason(JsonNode choice) {
        JsonNode given = choice.get("native_finish_reason");
        return given != null && given.isString() ? given.asString() : choice.path("finish_reason").asString(null);
    }

    /** An assistant message with no content yet: {@code content} and {@code refusal} null. */
    public static ObjectNode assistantMessage() {
        ObjectNode message = NODES.objectNode();
        message.put("role", "assistant");
        message.putNull("content");
        message.putNull("refusal");
        return message;
    }

    /** A chunk whose one choice carries {@code delta} and {@code finishReason} (null while the answer goes on). */
    public static ObjectNode chunk(String id, long created, String model, ObjectNode delta, String finishReason) {
        ObjectNode chunk = head(id, "chat.completion.chunk", created, model);
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        choice.set("delta", delta);
        choice.put("finish_reason", finishReason);
        return chunk;
    }

    /** The chunk after the last one: no choices, the usage. */
    public static ObjectNode usageChunk(String id, long created, String model, ObjectNode usage) {
        ObjectNode chunk = head(id, "chat.completion.chunk", created, model);
        chunk.putArray("choices");
        chunk.set("usage", usage);
        return chunk;
    }

    /** An in-stream error as OpenRouter sends one: {@code error{code, message}}. */
    public static ObjectNode errorChunk(int code, String message) {
        ObjectNode chunk = NODES.objectNode();
        chunk.putObject("error").put("code", code).put("message", message);
        return chunk;
    }

    /** An empty delta. */
    public static ObjectNode delta() {
        return NODES.objectNode();
    }

    /**
     * OpenAI's {@code usage}: {@code prompt} includes the cache reads and writes, {@code cacheWrite} the writes to a
     * cache kept for an hour ({@code cacheWrite1h}), {@code completion} the reasoning tokens; the details are written
     * only when non-zero.
     */
    public static ObjectNode usage(long prompt, long completion, long cacheRead, long cacheWrite, long cacheWrite1h,
                                   long reasoning) {
        ObjectNode usage = NODES.objectNode();
        usage.put("prompt_tokens", prompt);
        usage.put("completion_tokens", completion);
        usage.put("total_tokens", prompt + completion);
        if (cacheRead > 0 || cacheWrite > 0) {
            ObjectNode details = usage.putObject("prompt_tokens_details");
            details.put("cached_tokens", cacheRead);
            details.put("cache_write_tokens", cacheWrite);
            if (cacheWrite1h > 0) {
                details.put("cache_write_1h_tokens", cacheWrite1h);
            }
        }
        if (reasoning > 0) {
            usage.putObject("completion_tokens_details").put("reasoning_tokens", reasoning);
        }
        return usage;
    }

    private static ObjectNode head(String id, String object, long created, String model) {
        ObjectNode answer = NODES.objectNode();
        answer.put("id", id);
        answer.put("object", object);
        answer.put("created", created);
        answer.put("model", model);
        return answer;
    }
}
