package dev.quintet.router.providers.translation;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenRouter's {@code reasoning_details}: {@code reasoning.text} (with the provider's {@code signature}) and
 * {@code reasoning.encrypted} ({@code data}) entries, each naming its {@code format} and {@code index}. Callers send
 * them back on the assistant message of the next turn, which carries signatures back to the provider.
 */
public final class ReasoningDetails {

    public static final String ANTHROPIC = "anthropic-claude-v1";
    public static final String GEMINI = "google-gemini-v1";

    private ReasoningDetails() {
    }

    /** A {@code reasoning.text} entry; {@code text} or {@code signature} may be null (stream pieces). */
    public static ObjectNode text(String format, int index, String text, String signature) {
        ObjectNode detail = entry("reasoning.text", format, index);
        if (text != null) {
            detail.put("text", text);
        }
        if (signature != null) {
            detail.put("signature", signature);
        }
        return detail;
    }

    /** A {@code reasoning.encrypted} entry; {@code id} names the tool call it belongs to, or is null. */
    public static ObjectNode encrypted(String format, int index, String data, String id) {
        ObjectNode detail = entry("reasoning.encrypted", format, index);
        detail.put("data", data);
        if (id != null) {
            detail.put("id", id);
        }
        return detail;
    }

    /**
     * The entries of an assistant message in {@code format} (or naming none), pieces of one index (as a stream
     * delivers them) merged into one entry: texts joined, the last signature kept.
     */
    public static List<ObjectNode> of(JsonNode message, String format) {
        List<ObjectNode> merged = new ArrayList<>();
        for (JsonNode detail : message.path("reasoning_details")) {
            String f = detail.path("format").asString(format);
            if (!detail.isObject() || !f.equals(format)) {
                continue;
            }
            ObjectNode last = merged.isEmpty() ? null : merged.getLast();
            if (last != null && detail.has("index") && last.path("index").equals(detail.get("index"))
                    && last.path("type").equals(detail.path("type"))) {
                merge(last, (ObjectNode) detail);
            } else {
                merged.add(((ObjectNode) detail).deepCopy());
            }
        }
        return merged;
    }

    private static void merge(ObjectNode into, ObjectNode piece) {
        for (String field : new String[] {"text", "data"}) {
            if (piece.has(field)) {
                into.put(field, into.path(field).asString("") + piece.get(field).asString(""));
            }
        }
        for (String field : new String[] {"signature", "id"}) {
            if (piece.hasNonNull(field)) {
                into.set(field, piece.get(field));
            }
        }
    }

    private static ObjectNode entry(String type, String format, int index) {
        ObjectNode detail = JsonNodeFactory.instance.objectNode();
        detail.put("type", type);
        detail.put("format", format);
        detail.put("index", index);
        return detail;
    }
}
