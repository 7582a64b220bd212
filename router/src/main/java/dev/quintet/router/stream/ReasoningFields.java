package dev.quintet.router.stream;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The fields that carry a model's reasoning in a message or a delta, removed under {@code reasoning.exclude}. */
public final class ReasoningFields {

    public static final List<String> NAMES = List.of("reasoning", "reasoning_details", "reasoning_content");

    private ReasoningFields() {
    }

    /** Removes the reasoning of every choice's {@code field} ({@code message} or {@code delta}); whether any was there. */
    public static boolean remove(JsonNode choices, String field) {
        boolean removed = false;
        for (JsonNode choice : choices) {
            if (choice.get(field) instanceof ObjectNode holder) {
                for (String name : NAMES) {
                    removed |= holder.remove(name) != null;
                }
            }
        }
        return removed;
    }
}
