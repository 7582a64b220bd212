package dev.quintet.router.routing;

import dev.quintet.router.billing.CountableText;
import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.providers.translation.OpenAiAnswers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Reading what a provider answered: the JSON body, its error message, its finish reason and generated text. */
final class UpstreamAnswers {

    private static final int ERROR_BODY_LIMIT = 16_384;

    private final JsonMapper json;

    UpstreamAnswers(JsonMapper json) {
        this.json = json;
    }

    ObjectNode parse(byte[] body) {
        try {
            JsonNode node = json.readTree(body);
            return node instanceof ObjectNode o ? o : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    UpstreamFailure failure(Candidate c, UpstreamResponse upstream, long startedNanos) throws IOException {
        byte[] body = upstream.readBody(ERROR_BODY_LIMIT);
        ObjectNode parsed = parse(body);
        String problem = parsed != null ? message(parsed) : "";
        if (problem.isBlank()) {
            problem = new String(body, 0, Math.min(body.length, 300), StandardCharsets.UTF_8).strip();
        }
        return new UpstreamFailure(c, upstream.status(), problem, upstream.retryAfter(),
                parsed == null ? "" : code(parsed), startedNanos);
    }

    /**
     * The error message of an error body: OpenAI's {@code error.message} (or an {@code error} string), else a
     * top-level {@code message} (Mistral's, text or an object of details) or {@code detail} (FastAPI servers');
     * "" when there is none.
     */
    static String message(ObjectNode body) {
        JsonNode error = body.path("error");
        if (error.isObject() || error.isString()) {
            return error.isObject() ? error.path("message").asString(error.toString()) : error.asString();
        }
        for (String field : new String[] {"message", "detail"}) {
            JsonNode given = body.get(field);
            if (given != null && !given.isNull()) {
                return given.isString() ? given.asString() : given.toString();
            }
        }
        return "";
    }

    /**
     * The error body's machine-readable code: {@code error.code} when a string, else {@code error.type}; or "".
     * OpenRouter's refusal of flagged input, whose code is only its status, is {@link UpstreamFailure#FLAGGED}.
     */
    static String code(ObjectNode body) {
        JsonNode error = body.path("error");
        JsonNode metadata = error.path("metadata");
        if (metadata.has("flagged_input") || metadata.path("reasons").isArray()) {
            return UpstreamFailure.FLAGGED;
        }
        return error.path("code").isString() ? error.get("code").asString() : error.path("type").asString("");
    }

    static String describe(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    static String finishReason(ObjectNode answer) {
        return answer.path("choices").path(0).path("finish_reason").asString(null);
    }

    static String nativeFinishReason(ObjectNode answer) {
        return OpenAiAnswers.nativeFinishReason(answer.path("choices").path(0));
    }

    /** The text the answer generated: content, reasoning, refusal, tool calls. */
    static CountableText generatedText(ObjectNode answer) {
        CountableText text = new CountableText();
        for (JsonNode choice : answer.path("choices")) {
            JsonNode message = choice.path("message");
            for (JsonNode part : new JsonNode[] {choice.path("text"), message.path("content"), message.path("reasoning"),
                    message.path("refusal")}) {
                text.add(part.isString() ? part.asString() : null);
            }
            for (JsonNode call : message.path("tool_calls")) {
                text.add(call.path("function").path("name").asString(null));
                text.add(call.path("function").path("arguments").asString(null));
            }
        }
        return text;
    }
}
