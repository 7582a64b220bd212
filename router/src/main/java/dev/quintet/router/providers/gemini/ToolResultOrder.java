package dev.quintet.router.providers.gemini;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Puts tool results in the order of the calls they answer. Gemini pairs the {@code functionResponse} parts of a turn
 * with the {@code functionCall} parts before them by position when they carry no id, so results given in another
 * order (two calls of one function answered last first) would be read as each other's. The tool messages after an
 * assistant message, up to the next one, are sorted by where each {@code tool_call_id} stands in that assistant
 * message's {@code tool_calls} (a result naming no such call keeps its place after the others), and go before the
 * other messages there: Gemini merges them all into one user turn, so a user message between two results would
 * otherwise split the results' order.
 */
final class ToolResultOrder {

    private ToolResultOrder() {
    }

    static List<JsonNode> of(JsonNode messages) {
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
                (isToolResult(message) ? results : others).add(message);
            }
        }
        flush(results, others, calls, ordered);
        return ordered;
    }

    static boolean isToolResult(JsonNode message) {
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
