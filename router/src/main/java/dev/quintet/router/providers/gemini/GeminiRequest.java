package dev.quintet.router.providers.gemini;

import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.OpenAiRequests.FunctionTool;
import dev.quintet.router.providers.translation.OpenAiRequests.ToolChoice;
import dev.quintet.router.providers.translation.ReasoningRequest;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI chat-completions body as a generateContent body: {@code contents} and {@code systemInstruction} (see
 * {@link GeminiContents}), tools as {@code functionDeclarations} (JSON schema in {@code parametersJsonSchema}),
 * {@code tool_choice} as {@code toolConfig} modes AUTO/NONE/ANY (a named function as ANY with
 * {@code allowedFunctionNames}), sampling, limits, stop sequences, JSON output and reasoning in
 * {@code generationConfig}. JSON output is not asked for when functions are declared: Gemini refuses function
 * calling with a JSON response type.
 */
final class GeminiRequest {

    /** The largest thinking budget every current Gemini model accepts (2.5 Flash's most); no budget goes above it. */
    static final long MAX_BUDGET = 24_576;
    /** The smallest budget every current model accepts with thinking on (2.5 Flash-Lite's least); none goes below. */
    static final long MIN_BUDGET = 512;
    /** The smallest budget of the Pro models, which cannot turn thinking off: what they get for reasoning off. */
    static final long PRO_OFF_BUDGET = 128;

    private static final String[][] SAMPLING = {{"temperature", "temperature"}, {"top_p", "topP"}, {"top_k", "topK"},
            {"presence_penalty", "presencePenalty"}, {"frequency_penalty", "frequencyPenalty"}, {"seed", "seed"}};

    private GeminiRequest() {
    }

    /** {@code answerLimit} is the answer length an effort's thinking budget is a share of, when the body sets none. */
    static ObjectNode of(ObjectNode body, long answerLimit) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        GeminiContents contents = GeminiContents.of(body.path("messages"));
        out.set("contents", contents.contents());
        if (!contents.system().isEmpty()) {
            out.putObject("systemInstruction").set("parts", contents.system());
        }
        tools(body, out);
        ObjectNode config = out.putObject("generationConfig");
        for (String[] names : SAMPLING) {
            if (body.path(names[0]).isNumber()) {
                config.set(names[1], body.get(names[0]));
            }
        }
        Long maxTokens = OpenAiRequests.maxTokens(body);
        if (maxTokens != null) {
            config.put("maxOutputTokens", maxTokens);
        }
        List<String> stops = OpenAiRequests.stops(body);
        if (!stops.isEmpty()) {
            ArrayNode sequences = config.putArray("stopSequences");
            stops.forEach(sequences::add);
        }
        if (!out.has("tools")) {
            responseFormat(body.path("response_format"), config);
        }
        thinking(body, config, maxTokens != null ? maxTokens : answerLimit);
        if (config.isEmpty()) {
            out.remove("generationConfig");
        }
        return out;
    }

    private static void tools(ObjectNode body, ObjectNode out) {
        List<FunctionTool> functions = OpenAiRequests.functionTools(body.get("tools"));
        if (!functions.isEmpty()) {
            ArrayNode declarations = out.putArray("tools").addObject().putArray("functionDeclarations");
            for (FunctionTool f : functions) {
                ObjectNode declaration = declarations.addObject().put("name", f.name());
                if (f.description() != null) {
                    declaration.put("description", f.description());
                }
                declaration.set("parametersJsonSchema", f.parameters());
            }
        }
        ToolChoice choice = OpenAiRequests.toolChoice(body);
        if (choice == null || !out.has("tools")) {
            return; // a choice among no tools (Gemini refuses ANY without declarations)
        }
        ObjectNode config = out.putObject("toolConfig").putObject("functionCallingConfig");
        switch (choice.mode()) {
            case "none" -> config.put("mode", "NONE");
            case "required" -> {
                config.put("mode", "ANY");
                if (!choice.allowed().isEmpty()) { // only these may be called, as allowed_tools asks
                    ArrayNode names = config.putArray("allowedFunctionNames");
                    choice.allowed().forEach(names::add);
                }
            }
            case "function" -> config.put("mode", "ANY").putArray("allowedFunctionNames").add(choice.name());
            default -> config.put("mode", "AUTO");
        }
    }

    private static void responseFormat(JsonNode format, ObjectNode config) {
        switch (format.path("type").asString("")) {
            case "json_object" -> config.put("responseMimeType", "application/json");
            case "json_schema" -> {
                config.put("responseMimeType", "application/json");
                JsonNode schema = format.path("json_schema").path("schema");
                if (schema.isObject()) {
                    config.set("responseJsonSchema", schema);
                }
            }
            default -> {
            }
        }
    }

    /**
     * Reasoning off is a budget of 0, except on the Pro models (a name holding {@code -pro}), which refuse 0 and get
     * their smallest budget instead, thoughts left out; otherwise the budget asked for ({@code reasoning.max_tokens},
     * or an effort's share of the answer limit) kept within {@link #MIN_BUDGET} and {@link #MAX_BUDGET}, with thought
     * summaries included.
     */
    private static void thinking(ObjectNode body, ObjectNode config, long answerLimit) {
        ReasoningRequest reasoning = ReasoningRequest.of(body);
        if (reasoning == null) {
            return;
        }
        ObjectNode thinking = config.putObject("thinkingConfig");
        if (reasoning.off()) {
            thinking.put("thinkingBudget", body.path("model").asString("").contains("-pro") ? PRO_OFF_BUDGET : 0);
            return;
        }
        long budget = Math.clamp(reasoning.budget(answerLimit), MIN_BUDGET, MAX_BUDGET);
        thinking.put("thinkingBudget", budget).put("includeThoughts", true);
    }
}
