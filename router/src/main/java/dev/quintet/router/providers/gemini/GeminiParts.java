package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.translation.ReasoningDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the parts of Gemini answers, in order, for one answer or one stream: text parts are content, thought parts
 * reasoning ({@code reasoning.text} details), function calls tool calls (the id Gemini gives, else a minted one);
 * a part's {@code thoughtSignature} becomes a {@code reasoning.encrypted} detail, tied by {@code id} to the tool
 * call it came with, so it goes back on the next turn.
 */
final class GeminiParts {

    /** What one batch of parts says; tool calls carry their {@code index} in the answer. */
    record Read(String text, String reasoning, ArrayNode details, ArrayNode toolCalls) {
    }

    private final ToolCallIds ids;
    private int calls;
    private int details;

    GeminiParts(ToolCallIds ids) {
        this.ids = ids;
    }

    /** Whether any part read so far was a function call. */
    boolean sawToolCalls() {
        return calls > 0;
    }

    Read read(JsonNode parts) {
        StringBuilder text = new StringBuilder();
        StringBuilder reasoning = new StringBuilder();
        ArrayNode detailNodes = JsonNodeFactory.instance.arrayNode();
        ArrayNode callNodes = JsonNodeFactory.instance.arrayNode();
        for (JsonNode part : parts) {
            String callId = null;
            if (part.has("functionCall")) {
                JsonNode call = part.get("functionCall");
                callId = call.hasNonNull("id") ? call.get("id").asString() : ids.next();
                ObjectNode node = callNodes.addObject().put("index", calls++).put("id", callId).put("type", "function");
                node.putObject("function").put("name", call.path("name").asString(""))
                        .put("arguments", call.path("args").isObject() ? call.get("args").toString() : "{}");
            } else if (part.path("thought").asBoolean(false)) {
                reasoning.append(part.path("text").asString(""));
                detailNodes.add(ReasoningDetails.text(ReasoningDetails.GEMINI, details++,
                        part.path("text").asString(""), null));
            } else {
                text.append(part.path("text").asString(""));
            }
            if (part.hasNonNull("thoughtSignature")) {
                detailNodes.add(ReasoningDetails.encrypted(ReasoningDetails.GEMINI, details++,
                        part.get("thoughtSignature").asString(), callId));
            }
        }
        return new Read(text.toString(), reasoning.toString(), detailNodes, callNodes);
    }
}
