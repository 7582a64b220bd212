package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a legacy text-completions body ({@code POST /completions}) at the boundary: {@code prompt} a string (or
 * an array of one string), {@code stop} a string or up to four, {@code echo} a boolean, {@code logprobs} 0..5,
 * {@code suffix} a string, plus what chat requests share ({@code model}/{@code models}, sampling, {@code provider}).
 * A {@code max_completion_tokens} becomes the legacy API's {@code max_tokens} when that is not set.
 */
public final class TextCompletionRequests {

    private TextCompletionRequests() {
    }

    public static ChatRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ApiException(400, "malformed_body", "the request body must be a JSON object");
        }
        ObjectNode object = (ObjectNode) body;
        List<String> models = ChatRequests.models(object);
        prompt(object);
        if (object.has("messages")) {
            throw ApiException.invalidParameter("messages", "messages belongs to POST /chat/completions; "
                    + "/completions takes a prompt");
        }
        ChatRequests.bool(object, "echo");
        JsonNode logprobs = object.get("logprobs");
        if (logprobs != null && !logprobs.isNull()
                && !(logprobs.isIntegralNumber() && logprobs.canConvertToInt() && logprobs.asInt() >= 0
                && logprobs.asInt() <= 5)) {
            throw ApiException.invalidParameter("logprobs", "logprobs must be an integer from 0 to 5 (the number of "
                    + "likeliest tokens to return with each token), got " + logprobs);
        }
        JsonNode suffix = object.get("suffix");
        if (suffix != null && !suffix.isNull() && !suffix.isString()) {
            throw ApiException.invalidParameter("suffix", "suffix must be a string, got " + suffix);
        }
        JsonNode bestOf = object.get("best_of");
        if (bestOf != null && !bestOf.isNull()
                && !(bestOf.isIntegralNumber() && bestOf.canConvertToInt() && bestOf.asInt() == 1)) {
            throw ApiException.invalidParameter("best_of", "best_of must be 1: the router returns one choice per "
                    + "request, got " + bestOf);
        }
        boolean stream = ChatRequests.common(object);
        JsonNode completionLimit = object.remove("max_completion_tokens");
        if (completionLimit != null && !completionLimit.isNull() && !object.hasNonNull("max_tokens")) {
            object.set("max_tokens", completionLimit); // the legacy API's one limit; servers ignore the chat name
        }
        return new ChatRequest(object, models, stream, ProviderPreferences.parse(object.get("provider")), true);
    }

    /** The prompt of a checked text-completions body. */
    public static String prompt(JsonNode body) {
        JsonNode prompt = body.get("prompt");
        return prompt.isArray() ? prompt.get(0).asString() : prompt.asString();
    }

    private static void prompt(ObjectNode body) {
        JsonNode prompt = body.get("prompt");
        if (prompt == null || prompt.isNull()) {
            throw ApiException.invalidParameter("prompt", "prompt is required: the text to complete");
        }
        boolean one = prompt.isString() || prompt.isArray() && prompt.size() == 1 && prompt.get(0).isString();
        if (!one) {
            throw ApiException.invalidParameter("prompt", "prompt must be a string or an array of one string (the "
                    + "router returns one choice per request; token-id prompts are not supported), got "
                    + (prompt.isArray() ? "an array of " + prompt.size() : prompt.getNodeType().toString()
                    .toLowerCase()));
        }
    }
}
