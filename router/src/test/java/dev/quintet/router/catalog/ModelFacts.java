package dev.quintet.router.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/** Reads modalities, limits and parameters of one model entry of the data set's {@code general/} files. */
final class ModelFacts {

    /** Data-set parameter names to the request parameters the router knows. */
    static final Map<String, String> PARAMETERS = Map.ofEntries(
            Map.entry("max_tokens", "max_tokens"), Map.entry("max_completion_tokens", "max_tokens"),
            Map.entry("temperature", "temperature"), Map.entry("top_p", "top_p"), Map.entry("top_k", "top_k"),
            Map.entry("stop", "stop"), Map.entry("frequency_penalty", "frequency_penalty"),
            Map.entry("presence_penalty", "presence_penalty"), Map.entry("seed", "seed"),
            Map.entry("logit_bias", "logit_bias"), Map.entry("response_format", "response_format"),
            Map.entry("tool_choice", "tool_choice"), Map.entry("parallel_tool_calls", "parallel_tool_calls"),
            Map.entry("thinking", "reasoning"), Map.entry("reasoning", "reasoning"),
            Map.entry("reasoning_effort", "reasoning"), Map.entry("verbosity", "verbosity"));

    private ModelFacts() {
    }

    static List<String> typeSupported(JsonNode model, JsonNode defaults) {
        JsonNode supported = model.path("type").path("supported");
        if (!supported.isArray() && defaults != null) {
            supported = defaults.path("type").path("supported");
        }
        List<String> out = new ArrayList<>();
        supported.forEach(s -> out.add(s.asString()));
        return out;
    }

    static List<String> inputModalities(List<String> supported) {
        List<String> in = new ArrayList<>(List.of("text"));
        if (supported.contains("image") || supported.contains("vision")) {
            in.add("image");
        }
        if (supported.contains("pdf") || supported.contains("doc")) {
            in.add("file");
        }
        if (supported.contains("audio")) {
            in.add("audio");
        }
        if (supported.contains("video")) {
            in.add("video");
        }
        return in;
    }

    static List<String> outputModalities(List<String> supported) {
        return supported.contains("image_generation") ? List.of("text", "image") : List.of("text");
    }

    static Integer maxCompletionTokens(JsonNode model) {
        Integer max = null;
        for (JsonNode p : model.path("params")) {
            String key = p.path("key").asString("");
            if ((key.equals("max_tokens") || key.equals("max_completion_tokens")) && p.path("maxValue").isNumber()) {
                int value = p.path("maxValue").asInt();
                max = max == null ? value : Math.max(max, value);
            }
        }
        return max;
    }

    static List<String> supportedParameters(JsonNode model, JsonNode defaults) {
        List<String> removed = new ArrayList<>();
        model.path("removeParams").forEach(r -> removed.add(r.asString()));
        TreeSet<String> out = new TreeSet<>();
        for (JsonNode source : List.of(defaults.path("params"), model.path("params"))) {
            for (JsonNode p : source) {
                String key = p.path("key").asString("");
                if (PARAMETERS.containsKey(key) && !removed.contains(key)) {
                    out.add(PARAMETERS.get(key));
                }
            }
        }
        if (typeSupported(model, defaults).contains("tools")) {
            out.add("tools");
            out.add("tool_choice");
        }
        if (out.contains("reasoning")) {
            out.add("include_reasoning");
        }
        return List.copyOf(out);
    }
}
