package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.OpenAiAnswers;
import dev.quintet.router.providers.translation.ReasoningDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Messages answer as an OpenAI completion: text blocks become {@code content}, {@code tool_use} blocks
 * {@code tool_calls} (ids kept), thinking blocks {@code reasoning} plus {@code reasoning_details} with their
 * signatures; the stop reason and usage are translated as {@link #finishReason} and {@link #usage} say.
 */
final class AnthropicAnswer {

    private AnthropicAnswer() {
    }

    static ObjectNode of(ObjectNode answer, long created) {
        ObjectNode message = OpenAiAnswers.assistantMessage();
        StringBuilder text = new StringBuilder();
        StringBuilder reasoning = new StringBuilder();
        ArrayNode details = JsonNodeFactory.instance.arrayNode();
        ArrayNode calls = JsonNodeFactory.instance.arrayNode();
        for (JsonNode block : answer.path("content")) {
            switch (block.path("type").asString("")) {
                case "text" -> text.append(block.path("text").asString(""));
                case "thinking" -> {
                    reasoning.append(block.path("thinking").asString(""));
                    details.add(ReasoningDetails.text(ReasoningDetails.ANTHROPIC, details.size(),
                            block.path("thinking").asString(""), block.path("signature").asString(null)));
                }
                case "redacted_thinking" -> details.add(ReasoningDetails.encrypted(ReasoningDetails.ANTHROPIC,
                        details.size(), block.path("data").asString(""), null));
                case "tool_use" -> calls.add(toolCall(block.path("id").asString(""), block.path("name").asString(""),
                        block.path("input").toString()));
                default -> {
                }
            }
        }
        if (!text.isEmpty() || calls.isEmpty()) {
            message.put("content", text.toString());
        }
        if (!reasoning.isEmpty()) {
            message.put("reasoning", reasoning.toString());
        }
        if (!details.isEmpty()) {
            message.set("reasoning_details", details);
        }
        if (!calls.isEmpty()) {
            message.set("tool_calls", calls);
        }
        String stop = answer.path("stop_reason").asString(null);
        return OpenAiAnswers.completion(answer.path("id").asString(""), created, answer.path("model").asString(""),
                message, finishReason(stop), stop, usage(answer.path("usage")));
    }

    static ObjectNode toolCall(String id, String name, String arguments) {
        ObjectNode call = JsonNodeFactory.instance.objectNode().put("id", id).put("type", "function");
        call.putObject("function").put("name", name).put("arguments", arguments);
        return call;
    }

    /**
     * OpenAI's finish reason for a stop reason: end_turn, stop_sequence and pause_turn are {@code stop},
     * max_tokens and model_context_window_exceeded {@code length}, tool_use {@code tool_calls}, refusal
     * {@code content_filter}.
     */
    static String finishReason(String stopReason) {
        return switch (stopReason == null ? "" : stopReason) {
            case "max_tokens", "model_context_window_exceeded" -> "length";
            case "tool_use" -> "tool_calls";
            case "refusal" -> "content_filter";
            default -> "stop";
        };
    }

    /**
     * OpenAI's usage for Anthropic's, whose {@code input_tokens} leave out the cache: prompt tokens are input plus
     * cache reads plus cache writes; cache reads are {@code cached_tokens}, cache writes {@code cache_write_tokens},
     * of which those to one-hour caches ({@code cache_creation.ephemeral_1h_input_tokens}) are
     * {@code cache_write_1h_tokens}. Thinking is inside {@code output_tokens} and not counted apart.
     */
    static ObjectNode usage(JsonNode usage) {
        long read = usage.path("cache_read_input_tokens").asLong(0);
        long write = usage.path("cache_creation_input_tokens").asLong(0);
        long hour = Math.min(write, usage.path("cache_creation").path("ephemeral_1h_input_tokens").asLong(0));
        return OpenAiAnswers.usage(usage.path("input_tokens").asLong(0) + read + write,
                usage.path("output_tokens").asLong(0), read, write, hour, 0);
    }

    /** The HTTP status an error type stands for, as Anthropic documents them. */
    static int status(String errorType) {
        return switch (errorType == null ? "" : errorType) {
            case "invalid_request_error" -> 400;
            case "authentication_error" -> 401;
            case "billing_error" -> 402;
            case "permission_error" -> 403;
            case "not_found_error" -> 404;
            case "request_too_large" -> 413;
            case "rate_limit_error" -> 429;
            case "timeout_error" -> 504;
            case "overloaded_error" -> 529;
            default -> 500;
        };
    }
}
