package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
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
        if (n != null && !n.isNull() && !(n.isIntegralNumber() && n.asInt() == 1)) {
            throw ApiException.invalidParameter("n", "n must be 1: the router returns one choice per request, got " + n);
        }
        reasoning(object.get("reasoning"));
        return bool(object, "stream");
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
        JsonNode exclude = reasoning.get("exclude");
        if (exclude != null && !exclude.isNull() && !exclude.isBoolean()) {
            throw ApiException.invalidParameter("reasoning.exclude", "reasoning.exclude must be true or false, got "
                    + exclude);
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
        }
    }

    static void range(ObjectNode body, String name, double min, double max) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) {
            return;
        }
        if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
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

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
