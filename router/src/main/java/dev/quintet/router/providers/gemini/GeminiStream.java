package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.translation.OpenAiAnswers;
import dev.quintet.router.providers.translation.StreamTranslator;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Gemini's stream ({@code alt=sse}: each event a whole generateContent answer holding the next parts) as OpenAI
 * chunks: the role chunk first, then one delta per event with its text, reasoning and tool calls (each call whole,
 * under its own index), the finish chunk when a candidate finishes, and, since Gemini's stream has no end marker,
 * the usage chunk (from the last {@code usageMetadata}) when the stream ends after a finish. A stream that ends
 * without one was cut off. An event holding {@code error} becomes an error chunk with its code.
 */
final class GeminiStream implements StreamTranslator {

    private final long created;
    private final GeminiParts parts;
    private String id;
    private String model = "";
    private JsonNode usage;
    private boolean finished;
    private boolean complete;

    GeminiStream(long created, ToolCallIds ids) {
        this.created = created;
        this.parts = new GeminiParts(ids);
    }

    @Override
    public List<ObjectNode> event(JsonNode data) {
        if (data.hasNonNull("error")) {
            JsonNode error = data.get("error");
            return List.of(OpenAiAnswers.errorChunk(error.path("code").asInt(502),
                    error.path("message").asString(error.toString())));
        }
        List<ObjectNode> chunks = new ArrayList<>();
        if (id == null) {
            id = data.path("responseId").asString("");
            model = data.path("modelVersion").asString("");
            chunks.add(chunk(OpenAiAnswers.delta().put("role", "assistant").put("content", ""), null));
        }
        if (data.has("usageMetadata")) {
            usage = data.get("usageMetadata");
        }
        GeminiParts.Read read = parts.read(data.path("candidates").path(0).path("content").path("parts"));
        ObjectNode delta = OpenAiAnswers.delta();
        if (!read.text().isEmpty()) {
            delta.put("content", read.text());
        }
        if (!read.reasoning().isEmpty()) {
            delta.put("reasoning", read.reasoning());
        }
        if (!read.details().isEmpty()) {
            delta.set("reasoning_details", read.details());
        }
        if (!read.toolCalls().isEmpty()) {
            delta.set("tool_calls", read.toolCalls());
        }
        if (!delta.isEmpty()) {
            chunks.add(chunk(delta, null));
        }
        String reason = GeminiAnswer.nativeFinishReason(data);
        if (reason != null && !finished) {
            finished = true;
            ObjectNode finish = chunk(OpenAiAnswers.delta(), GeminiAnswer.finishReason(data, parts.sawToolCalls()));
            ((ObjectNode) finish.get("choices").get(0)).put("native_finish_reason", reason);
            chunks.add(finish);
        }
        return chunks;
    }

    @Override
    public List<ObjectNode> end() {
        if (!finished) {
            return List.of();
        }
        complete = true;
        return usage == null ? List.of()
                : List.of(OpenAiAnswers.usageChunk(id, created, model, GeminiAnswer.usage(usage)));
    }

    @Override
    public boolean complete() {
        return complete;
    }

    private ObjectNode chunk(ObjectNode delta, String finishReason) {
        return OpenAiAnswers.chunk(id, created, model, delta, finishReason);
    }
}
