package dev.quintet.packages.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Cargo feature tables as stored: a JSON object of feature name to the list of what it enables. */
final class FeatureTables {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private FeatureTables() {
    }

    static String write(Map<String, List<String>> table) {
        return JSON.writeValueAsString(table);
    }

    static Map<String, List<String>> read(String stored) {
        if (stored == null) {
            return null;
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var feature : JSON.readTree(stored).properties()) {
            List<String> enables = new ArrayList<>();
            for (JsonNode item : feature.getValue().values()) {
                enables.add(item.asString());
            }
            out.put(feature.getKey(), List.copyOf(enables));
        }
        return out;
    }
}
