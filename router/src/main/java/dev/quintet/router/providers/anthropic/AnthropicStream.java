package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.OpenAiAnswers;
import dev.quintet.router.providers.translation.ReasoningDetails;
import dev.quintet.router.providers.translation.StreamTranslator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Messages stream events as OpenAI chunks: {@code message_start} gives the role chunk; text, thinking, signature
 * and tool-input deltas become {@code content}, {@code reasoning} (with {@code reasoning_details}) and
 * {@code tool_calls} deltas, each tool call under its own {@code index}, its id and name in its first delta
 * ({@code "{}"} its arguments when no input JSON came); {@code message_delta} holds the stop reason and final
 * usage, given out at {@code message_stop} as the finish chunk and the usage chunk; an {@code error} event becomes
 * an error chunk with the error type's HTTP status.
 */
final class AnthropicStream implements StreamTranslator {

    private final long created;
    private final Map<Integer, Integer> toolIndexes = new HashMap<>();
    private final Map<Integer, Integer> reasoningIndexes = new HashMap<>();
    private final Set<Integer> toolsWithArguments = new HashSet<>();
    private String id = "";
    private String model = "";
    private ObjectNode usage = JsonNodeFactory.instance.objectNode();
    private String stopReason;
    private boolean complete;

    AnthropicStream(long created) {
        this.created = created;
    }

    @Override
    public List<ObjectNode> event(JsonNode data) {
        return switch (data.path("type").asString("")) {
            case "message_start" -> start(data.path("message"));
            case "content_block_start" -> blockStart(data.path("index").asInt(), data.path("content_block"));
            case "content_block_delta" -> blockDelta(data.path("index").asInt(), data.path("delta"));
            case "content_block_stop" -> blockStop(data.path("index").asInt());
            case "message_delta" -> {
                stopReason = data.path("delta").path("stop_reason").asString(stopReason);
                merge(usage, data.path("usage"));
                yield List.of();
            }
            case "message_stop" -> stop();
            case "error" -> List.of(OpenAiAnswers.errorChunk(AnthropicAnswer.status(
                    data.path("error").path("type").asString(null)), data.path("error").path("message").asString("")));
            default -> List.of();
        };
    }

    @Override
    public List<ObjectNode> end() {
        return List.of();
    }

    @Override
    public boolean complete() {
        return complete;
    }

    private List<ObjectNode> start(JsonNode message) {
        id = message.path("id").asString("");
        model = message.path("model").asString("");
        if (message.path("usage").isObject()) {
            usage = ((ObjectNode) message.get("usage")).deepCopy();
        }
        return List.of(chunk(OpenAiAnswers.delta().put("role", "assistant").put("content", "")));
    }

    /**
     * Puts {@code counts} into {@code into}: numbers replace, objects (such as {@code cache_creation}) merge field by
     * field, and anything else, nulls above all, leaves the count {@code message_start} gave.
     */
    private static void merge(ObjectNode into, JsonNode counts) {
        for (var field : counts.properties()) {
            JsonNode value = field.getValue();
            if (value.isNumber()) {
                into.set(field.getKey(), value);
            } else if (value.isObject()) {
                JsonNode inner = into.get(field.getKey());
                merge(inner instanceof ObjectNode o ? o : into.putObject(field.getKey()), value);
            }
        }
    }

    private List<ObjectNode> blockStart(int index, JsonNode block) {
        switch (block.path("type").asString("")) {
            case "text" -> {
                return text(block.path("text").asString(""));
            }
            case "thinking" -> {
                reasoningIndexes.put(index, reasoningIndexes.size());
                return thinking(index, block.path("thinking").asString(""), null);
            }
            case "redacted_thinking" -> {
                reasoningIndexes.put(index, reasoningIndexes.size());
                ObjectNode delta = OpenAiAnswers.delta();
                delta.putArray("reasoning_details").add(ReasoningDetails.encrypted(ReasoningDetails.ANTHROPIC,
                        reasoningIndexes.get(index), block.path("data").asString(""), null));
                return List.of(chunk(delta));
            }
            case "tool_use" -> {
                toolIndexes.put(index, toolIndexes.size());
                ObjectNode call = AnthropicAnswer.toolCall(block.path("id").asString(""),
                        block.path("name").asString(""), "");
                call.put("index", toolIndexes.get(index));
                return toolCallDelta(call);
            }
            default -> {
                return List.of();
            }
        }
    }

    private List<ObjectNode> blockDelta(int index, JsonNode delta) {
        return switch (delta.path("type").asString("")) {
            case "text_delta" -> text(delta.path("text").asString(""));
            case "thinking_delta" -> thinking(index, delta.path("thinking").asString(""), null);
            case "signature_delta" -> thinking(index, null, delta.path("signature").asString(""));
            case "input_json_delta" -> {
                String json = delta.path("partial_json").asString("");
                if (!json.isEmpty()) {
                    toolsWithArguments.add(index);
                }
                yield arguments(index, json);
            }
            default -> List.of();
        };
    }

    /**
     * A tool call whose block ends without any input JSON (a tool without parameters: Anthropic sends only an empty
     * {@code partial_json}) gets {@code "{}"} as its arguments, as the same call has when not streamed.
     */
    private List<ObjectNode> blockStop(int index) {
        return toolIndexes.containsKey(index) && toolsWithArguments.add(index) ? arguments(index, "{}") : List.of();
    }

    private List<ObjectNode> arguments(int index, String json) {
        ObjectNode call = JsonNodeFactory.instance.objectNode().put("index", toolIndexes.getOrDefault(index, 0));
        call.putObject("function").put("arguments", json);
        return toolCallDelta(call);
    }

    private List<ObjectNode> text(String text) {
        return text.isEmpty() ? List.of() : List.of(chunk(OpenAiAnswers.delta().put("content", text)));
    }

    private List<ObjectNode> thinking(int index, String text, String signature) {
        if ((text == null || text.isEmpty()) && signature == null) {
            return List.of();
        }
        ObjectNode delta = OpenAiAnswers.delta();
        if (text != null) {
            delta.put("reasoning", text);
        }
        delta.putArray("reasoning_details").add(ReasoningDetails.text(ReasoningDetails.ANTHROPIC,
                reasoningIndexes.getOrDefault(index, 0), text, signature));
        return List.of(chunk(delta));
    }

    private List<ObjectNode> toolCallDelta(ObjectNode call) {
        ObjectNode delta = OpenAiAnswers.delta();
        delta.putArray("tool_calls").add(call);
        return List.of(chunk(delta));
    }

    private List<ObjectNode> stop() {
        complete = true;
        ObjectNode finish = chunk(OpenAiAnswers.delta(), AnthropicAnswer.finishReason(stopReason));
        ((ObjectNode) finish.get("choices").get(0)).put("native_finish_reason", stopReason);
        return List.of(finish, OpenAiAnswers.usageChunk(id, created, model, AnthropicAnswer.usage(usage)));
    }

    private ObjectNode chunk(ObjectNode delta) {
        return chunk(delta, null);
    }

    private ObjectNode chunk(ObjectNode delta, String finishReason) {
        return OpenAiAnswers.chunk(id, created, model, delta, finishReason);
    }
}
