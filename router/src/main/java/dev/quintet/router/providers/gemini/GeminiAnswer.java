package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.translation.OpenAiAnswers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A generateContent answer as an OpenAI completion: its first candidate's parts (see {@link GeminiParts}), its
 * finish reason and its usage as {@link #finishReason} and {@link #usage} say. A prompt blocked before any
 * candidate is an empty answer finished by {@code content_filter}.
 */
final class GeminiAnswer {

    private GeminiAnswer() {
    }

    static ObjectNode of(ObjectNode answer, long created, ToolCallIds ids) {
        GeminiParts reader = new GeminiParts(ids);
        JsonNode candidate = answer.path("candidates").path(0);
        GeminiParts.Read read = reader.read(candidate.path("content").path("parts"));
        ObjectNode message = OpenAiAnswers.assistantMessage();
        if (!read.text().isEmpty() || read.toolCalls().isEmpty()) {
            message.put("content", read.text());
        }
        if (!read.reasoning().isEmpty()) {
            message.put("reasoning", read.reasoning());
        }
        if (!read.details().isEmpty()) {
            message.set("reasoning_details", read.details());
        }
        if (!read.toolCalls().isEmpty()) {
            read.toolCalls().forEach(call -> ((ObjectNode) call).remove("index"));
            message.set("tool_calls", read.toolCalls());
        }
        String nativeReason = nativeFinishReason(answer);
        return OpenAiAnswers.completion(answer.path("responseId").asString(""), created,
                answer.path("modelVersion").asString(""), message, finishReason(answer, reader.sawToolCalls()),
                nativeReason, usage(answer.path("usageMetadata")));
    }

    /** The candidate's finish reason, or the prompt's block reason when there is no candidate. */
    static String nativeFinishReason(JsonNode answer) {
        JsonNode candidate = answer.path("candidates").path(0);
        if (candidate.hasNonNull("finishReason")) {
            return candidate.get("finishReason").asString();
        }
        return answer.path("promptFeedback").path("blockReason").asString(null);
    }

    /** OpenAI's finish reason of {@code answer}: {@code content_filter} for a blocked prompt, whatever the reason. */
    static String finishReason(JsonNode answer, boolean toolCalls) {
        boolean blocked = !answer.path("candidates").path(0).hasNonNull("finishReason")
                && answer.path("promptFeedback").hasNonNull("blockReason");
        return blocked ? "content_filter" : finishReason(nativeFinishReason(answer), toolCalls);
    }

    /**
     * OpenAI's finish reason: STOP is {@code stop} ({@code tool_calls} when the answer called functions),
     * MAX_TOKENS {@code length}, the safety, recitation and block reasons {@code content_filter}, malformed or
     * unexpected function calls {@code error}, anything else {@code stop}.
     */
    static String finishReason(String reason, boolean toolCalls) {
        return switch (reason == null ? "" : reason) {
            case "MAX_TOKENS" -> "length";
            case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY",
                 "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION", "OTHER_BLOCK_REASON", "JAILBREAK" -> "content_filter";
            case "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS" -> "error";
            default -> toolCalls ? "tool_calls" : "stop";
        };
    }

    /**
     * OpenAI's usage for {@code usageMetadata}: prompt tokens are {@code promptTokenCount} (which includes the
     * cached ones) plus tool-use prompt tokens; completion tokens are {@code candidatesTokenCount} plus
     * {@code thoughtsTokenCount}, which Google counts apart but bills as output; the thoughts are also the reasoning
     * tokens and {@code cachedContentTokenCount} the cached ones.
     */
    static ObjectNode usage(JsonNode usage) {
        long thoughts = usage.path("thoughtsTokenCount").asLong(0);
        return OpenAiAnswers.usage(usage.path("promptTokenCount").asLong(0)
                        + usage.path("toolUsePromptTokenCount").asLong(0),
                usage.path("candidatesTokenCount").asLong(0) + thoughts,
                usage.path("cachedContentTokenCount").asLong(0), 0, 0, thoughts);
    }
}
