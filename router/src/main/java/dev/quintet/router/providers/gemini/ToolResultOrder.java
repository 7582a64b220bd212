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
 * order (two calls of one function answered last first) would be read as each other's. Each run of consecutive
 * tool messages is sorted by where its {@code tool_call_id} stands in the {@code tool_calls} of the last assistant
 * message before it; a result naming no such call keeps its place after the others.
 */
final class ToolResultOrder {

    private ToolResultOrder() {
    }

    static List<JsonNode> of(JsonNode messages) {
        List<JsonNode> ordered = new ArrayList<>();
        List<JsonNode> run = new ArrayList<>();
        Map<String, Integer> calls = Map.of();
        for (JsonNode message : messages) {
            if (isToolResult(message)) {
                run.add(message);
                continue;
            }
            flush(run, calls, ordered);
            if (message.path("role").asString("").equals("assistant")) {
                calls = positions(message);
            }
            ordered.add(message);
        }
        flush(run, calls, ordered);
        return ordered;
    }

    static boolean isToolResult(JsonNode message) {
        String role = message.path("role").asString("");
        return role.equals("tool") || role.equals("function");
    }

    private static void flush(List<JsonNode> run, Map<String, Integer> calls, List<JsonNode> into) {
        run.sort(Comparator.comparingInt(m -> calls.getOrDefault(m.path("tool_call_id").asString(""),
                Integer.MAX_VALUE)));
        into.addAll(run);
        run.clear();
    }

    private static Map<String, Integer> positions(JsonNode assistant) {
        Map<String, Integer> positions = new HashMap<>();
        for (JsonNode call : assistant.path("tool_calls")) {
            positions.putIfAbsent(call.path("id").asString(""), positions.size());
        }
        return positions;
    }
}
