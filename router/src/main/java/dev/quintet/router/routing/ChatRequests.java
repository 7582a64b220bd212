package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.providers.translation.OpenAiRequests;
import dev.quintet.router.providers.translation.OpenAiRequests.FunctionTool;
import dev.quintet.router.providers.translation.ReasoningRequest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Checks a chat-completions body at the boundary; every failure is a 400 naming the parameter and the rule. */
public final class ChatRequests {

    static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool", "function");

    private ChatRequests() {
    }

    public static ChatRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ApiException(400, "malformed_body", "the request body must be a JSON object");
        }
        ObjectNode object = (ObjectNode) body;
        List<String> models = models(object);
        messages(object.get("messages"));
        return new ChatRequest(object, models, common(object), ProviderPreferences.parse(object.get("provider")), false);
    }

    /** Checks what chat and text completions share; whether the request streams. */
    static boolean common(ObjectNode object) {
        range(object, "temperature", 0, 2);
        range(object, "top_p", 0, 1);
        range(object, "frequency_penalty", -2, 2);
        range(object, "presence_penalty", -2, 2);
        positiveInteger(object, "max_tokens");
        positiveInteger(object, "max_completion_tokens");
        JsonNode n = object.get("n");
        if (n != null && !n.isNull() && !(n.isIntegralNumber() && n.canConvertToInt() && n.asInt() == 1)) {
            throw ApiException.invalidParameter("n", "n must be 1: the router returns one choice per request, got " + n);
        }
        reasoning(object.get("reasoning"));
        effort(object.get("reasoning_effort"), "reasoning_effort");
        stop(object.get("stop"));
        tools(object.get("tools"));
        toolChoice(object.get("tool_choice"));
        choiceAmongTools(object.get("tool_choice"), object.get("tools"));
        return bool(object, "stream");
    }

    private static void stop(JsonNode stop) {
        if (stop == null || stop.isNull() || stop.isString()) {
            return;
        }
        boolean strings = stop.isArray() && stop.size() <= 4;
        for (JsonNode s : stop) {
            strings &= s.isString();
        }
        if (!strings) {
            throw ApiException.invalidParameter("stop", "stop must be a string or an array of up to 4 strings, got "
                    + stop);
        }
    }

    /** {@code tools}: each function tool {@code {"type": "function", "function": {"name": ...}}}. */
    private static void tools(JsonNode tools) {
        if (tools == null || tools.isNull()) {
            return;
        }
        if (!tools.isArray()) {
            throw ApiException.invalidParameter("tools", "tools must be an array of function tools, got " + tools);
        }
        int i = 0;
        for (JsonNode tool : tools) {
            String where = "tools[" + i++ + "]";
            if (tool.isObject() && tool.path("type").isString() && !tool.get("type").asString().equals("function")) {
                continue; // another kind of tool (OpenAI's custom tools): passed on as it is
            }
            if (!tool.isObject() || !tool.path("function").isObject()) {
                throw ApiException.invalidParameter(where, where + " must be an object {\"type\": \"function\", "
                        + "\"function\": {\"name\": ..., \"parameters\": {...}}}");
            }
            functionName(tool.get("function"), where + ".function.name");
            JsonNode parameters = tool.get("function").get("parameters");
            if (parameters != null && !parameters.isNull() && !parameters.isObject()) {
                throw ApiException.invalidParameter(where + ".function.parameters", where
                        + ".function.parameters must be a JSON schema object, got " + parameters);
            }
        }
    }

    /** {@code tool_choice}: none, auto, required, or {@code {"type": "function", "function": {"name": ...}}}. */
    private static void toolChoice(JsonNode choice) {
        if (choice == null || choice.isNull()
                || choice.isString() && Set.of("none", "auto", "required").contains(choice.asString())) {
            return;
        }
        if (choice.isObject() && choice.path("type").asString("").equals("allowed_tools")) {
            allowedTools(choice.get("allowed_tools"));
            return;
        }
        if (choice.isObject() && choice.path("type").isString() && !choice.get("type").asString().equals("function")) {
            return; // another kind of choice (OpenAI's custom tools): passed on as it is
        }
        if (!choice.isObject() || !choice.path("function").isObject()) {
            throw ApiException.invalidParameter("tool_choice", "tool_choice must be none, auto, required or "
                    + "{\"type\": \"function\", \"function\": {\"name\": ...}}, got " + choice);
        }
        functionName(choice.get("function"), "tool_choice.function.name");
    }

    /** OpenAI's {@code allowed_tools} choice: a mode, auto or required, and the functions it allows. */
    private static void allowedTools(JsonNode allowed) {
        String mode = allowed == null ? null : allowed.path("mode").asString(null);
        if (mode == null || !(mode.equals("auto") || mode.equals("required")) || !allowed.path("tools").isArray()
                || allowed.path("tools").isEmpty()) {
            throw ApiException.invalidParameter("tool_choice", "tool_choice.allowed_tools must be {\"mode\": "
                    + "\"auto\" or \"required\", \"tools\": [{\"type\": \"function\", \"function\": {\"name\": ...}}, "
                    + "...]}, got " + allowed);
        }
        for (JsonNode tool : allowed.get("tools")) {
            if (!tool.path("function").isObject()) {
                throw ApiException.invalidParameter("tool_choice", "each of tool_choice.allowed_tools.tools must be "
                        + "{\"type\": \"function\", \"function\": {\"name\": ...}}, got " + tool);
            }
            functionName(tool.get("function"), "tool_choice.allowed_tools.tools[].function.name");
        }
    }

    /**
     * A {@code tool_choice} that forces a call needs something to call: {@code required} needs {@code tools}, and a
     * named function (or each function an {@code allowed_tools} choice allows) one of the functions in {@code tools}.
     * OpenAI answers a tool choice without tools with 400, and elsewhere the model would be made to call a tool the
     * caller does not offer (Anthropic's adapter defines bare tools for the calls in the history). {@code auto} and
     * {@code none} without tools stay accepted: clients send them so (agent frameworks send their default
     * {@code auto} with no tools registered), and they ask for what a request without tools gets anyway, an answer
     * without calls; they are not sent on where refused (see {@code OpenAiDialects}).
     */
    private static void choiceAmongTools(JsonNode choice, JsonNode tools) {
        boolean noTools = tools == null || !tools.isArray() || tools.isEmpty();
        if (choice != null && choice.isString() && choice.asString().equals("required") && noTools) {
            throw ApiException.invalidParameter("tool_choice", "tool_choice \"required\" needs tools to call, and "
                    + "the request has none: give tools, or use auto or none");
        }
        List<String> named = new ArrayList<>();
        if (choice != null && choice.path("type").asString("").equals("allowed_tools")) {
            choice.get("allowed_tools").get("tools").forEach(t -> named.add(t.get("function").get("name").asString()));
        } else if (choice != null && choice.isObject() && choice.path("function").isObject()
                && choice.path("type").asString("function").equals("function")) {
            named.add(choice.get("function").get("name").asString());
        }
        if (named.isEmpty()) {
            return;
        }
        if (noTools) {
            throw ApiException.invalidParameter("tool_choice", "tool_choice names the function " + named.getFirst()
                    + ", and the request has no tools: give " + named.getFirst() + " in tools, or use auto or none");
        }
        List<String> functions = OpenAiRequests.functionTools(tools).stream().map(FunctionTool::name).toList();
        for (String name : named) {
            if (!functions.contains(name)) {
                throw ApiException.invalidParameter("tool_choice", "tool_choice names the function " + name
                        + ", which is not among the functions in tools"
                        + (functions.isEmpty() ? "" : " (" + String.join(", ", functions) + ")"));
            }
        }
    }

    private static void functionName(JsonNode function, String param) {
        JsonNode name = function.get("name");
        if (name == null || !name.isString() || name.asString().isBlank()) {
            throw ApiException.invalidParameter(param, param + " must be a non-empty string, got " + name);
        }
    }

    /** An optional boolean field; false when absent. */
    static boolean bool(ObjectNode body, String name) {
        JsonNode v = body.get(name);
        if (v != null && !v.isNull() && !v.isBoolean()) {
            throw ApiException.invalidParameter(name, name + " must be true or false, got " + v);
        }
        return v != null && v.asBoolean(false);
    }

    private static void reasoning(JsonNode reasoning) {
        if (reasoning == null || reasoning.isNull()) {
            return;
        }
        if (!reasoning.isObject()) {
            throw ApiException.invalidParameter("reasoning", "reasoning must be an object such as "
                    + "{\"effort\": \"high\", \"exclude\": true}, got " + reasoning);
        }
        for (String flag : List.of("exclude", "enabled")) {
            JsonNode v = reasoning.get(flag);
            if (v != null && !v.isNull() && !v.isBoolean()) {
                throw ApiException.invalidParameter("reasoning." + flag, "reasoning." + flag
                        + " must be true or false, got " + v);
            }
        }
        effort(reasoning.get("effort"), "reasoning.effort");
        JsonNode budget = reasoning.get("max_tokens");
        if (budget != null && !budget.isNull() && !(budget.isIntegralNumber() && budget.canConvertToInt()
                && budget.asInt() >= 0)) {
            throw ApiException.invalidParameter("reasoning.max_tokens", "reasoning.max_tokens must be an integer >= 0"
                    + " (tokens of reasoning), got " + budget);
        }
    }

    /** An optional reasoning effort: one of {@link ReasoningRequest#EFFORTS}. */
    private static void effort(JsonNode effort, String param) {
        if (effort != null && !effort.isNull()
                && !(effort.isString() && ReasoningRequest.EFFORTS.contains(effort.asString()))) {
            throw ApiException.invalidParameter(param, param + " must be one of "
                    + String.join(", ", ReasoningRequest.EFFORTS) + ", got " + effort);
        }
    }

    static List<String> models(ObjectNode body) {
        Set<String> models = new LinkedHashSet<>();
        JsonNode model = body.get("model");
        if (model != null && !model.isNull()) {
            if (!model.isString() || model.asString().isBlank()) {
                throw ApiException.invalidParameter("model", "model must be a non-empty string such as openai/gpt-4o");
            }
            models.add(model.asString());
        }
        JsonNode list = body.get("models");
        if (list != null && !list.isNull()) {
            if (!list.isArray()) {
                throw ApiException.invalidParameter("models", "models must be an array of model ids");
            }
            for (JsonNode m : list) {
                if (!m.isString() || m.asString().isBlank()) {
                    throw ApiException.invalidParameter("models", "models must hold non-empty model ids, got " + m);
                }
                models.add(m.asString());
            }
        }
        if (models.isEmpty()) {
            throw ApiException.invalidParameter("model", "model is required: give model or a non-empty models array");
        }
        return List.copyOf(models);
    }

    private static void messages(JsonNode messages) {
        if (messages == null || messages.isNull()) {
            throw ApiException.invalidParameter("messages", "messages is required: a non-empty array of messages");
        }
        if (!messages.isArray() || messages.isEmpty()) {
            throw ApiException.invalidParameter("messages", "messages must be a non-empty array, got "
                    + (messages.isArray() ? "an empty array" : messages.getNodeType().toString().toLowerCase()));
        }
        int i = 0;
        for (JsonNode message : messages) {
            String where = "messages[" + i++ + "]";
            if (!message.isObject()) {
                throw ApiException.invalidParameter(where, where + " must be an object with role and content");
            }
            String role = message.path("role").asString("");
            if (!ROLES.contains(role)) {
                throw ApiException.invalidParameter(where + ".role", where + ".role must be one of "
                        + String.join(", ", ROLES.stream().sorted().toList()) + ", got " + message.path("role"));
            }
            JsonNode content = message.get("content");
            if (content != null && !content.isNull() && !content.isString() && !content.isArray()) {
                throw ApiException.invalidParameter(where + ".content", where + ".content must be a string or an "
                        + "array of content parts, got " + content.getNodeType().toString().toLowerCase());
            }
        }
    }

    static void range(ObjectNode body, String name, double min, double max) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) {
            return;
        }
        BigDecimal d = decimal(v);
        if (d == null || d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw ApiException.invalidParameter(name, name + " must be a number from " + plain(min) + " to "
                    + plain(max) + ", got " + v);
        }
    }

    static void positiveInteger(ObjectNode body, String name) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) {
            return;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 1) {
            throw ApiException.invalidParameter(name, name + " must be an integer >= 1, got " + v);
        }
    }

    /** A JSON number's exact value; null for anything else, and for a number too large to be read as a double. */
    static BigDecimal decimal(JsonNode v) {
        if (v == null || !v.isNumber() || v.isFloatingPointNumber() && !Double.isFinite(v.asDouble())) {
            return null;
        }
        return v.decimalValue();
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
