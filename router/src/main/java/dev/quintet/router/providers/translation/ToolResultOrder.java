package dev.quintet.router.providers.translation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Puts tool results in the order of the calls they answer, ahead of the other messages answering the same assistant
 * message. The tool messages after an assistant message that calls tools, up to the next assistant message, are
 * sorted by where each {@code tool_call_id} stands in its {@code tool_calls} (a result naming no such call keeps its
 * place after the others), and go before the other messages there. Both translations merge those messages into one
 * user turn: Gemini pairs the {@code functionResponse} parts of a turn with the calls before them by position when
 * they carry no id, so results in another order would be read as each other's; Anthropic refuses a turn after
 * {@code tool_use} blocks that does not begin with their {@code tool_result} blocks (HTTP 400), so a user message
 * between the results, or before them, would be refused. Elsewhere (no calls to answer) the order is kept.
 */
public final class ToolResultOrder {

    private ToolResultOrder() {
    }

    public static List<JsonNode> of(JsonNode messages) {
        List<JsonNode> ordered = new ArrayList<>();
        List<JsonNode> results = new ArrayList<>();
        List<JsonNode> others = new ArrayList<>();
        Map<String, Integer> calls = Map.of();
        for (JsonNode message : messages) {
            if (message.path("role").asString("").equals("assistant")) {
                flush(results, others, calls, ordered);
                calls = positions(message);
                ordered.add(message);
            } else {
                (isToolResult(message) && !calls.isEmpty() ? results : others).add(message);
            }
        }
        flush(results, others, calls, ordered);
        return ordered;
    }

    private static boolean isToolResult(JsonNode message) {
        String role = message.path("role").asString("");
        return role.equals("tool") || role.equals("function");
    }

    private static void flush(List<JsonNode> results, List<JsonNode> others, Map<String, Integer> calls,
                              List<JsonNode> into) {
        results.sort(Comparator.comparingInt(m -> calls.getOrDefault(m.path("tool_call_id").asString(""),
                Integer.MAX_VALUE)));
        into.addAll(results);
        into.addAll(others);
        results.clear();
        others.clear();
    }

    private static Map<String, Integer> positions(JsonNode assistant) {
        Map<String, Integer> positions = new HashMap<>();
        for (JsonNode call : assistant.path("tool_calls")) {
            positions.putIfAbsent(call.path("id").asString(""), positions.size());
        }
        return positions;
    }
}
