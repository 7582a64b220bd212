package dev.quintet.router.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ErrorShape;
import org.springframework.http.MediaType;

/**
 * Errors as OpenAI and OpenRouter clients parse them: {@code {"error":{"code","message","type","param","metadata"}}},
 * where {@code code} is the HTTP status (as OpenRouter sends it), {@code type} OpenAI's error class and
 * {@code param} the offending parameter or an explicit null, as in OpenAI's format. The error of a failed generation
 * names it in {@code metadata.generation_id}.
 */
public final class OpenAiErrorShape implements ErrorShape {

    private final String generationId;

    public OpenAiErrorShape() {
        this(null);
    }

    private OpenAiErrorShape(String generationId) {
        this.generationId = generationId;
    }

    /** The shape of the error that ended generation {@code id}. */
    static OpenAiErrorShape ofGeneration(String id) {
        return new OpenAiErrorShape(id);
    }

    @Override
    public MediaType contentType() {
        return MediaType.APPLICATION_JSON;
    }

    @Override
    public Object body(ApiError error) {
        return new Body(new Inner(error.status(), error.detail(), type(error.status()), error.param(),
                new Metadata(error.code(), error.requestId(), generationId)));
    }

    static String type(int status) {
        return switch (status) {
            case 401 -> "authentication_error";
            case 402 -> "payment_required";
            case 403 -> "permission_error";
            case 404 -> "not_found_error";
            case 429 -> "rate_limit_error";
            default -> status >= 500 ? "api_error" : "invalid_request_error";
        };
    }

    record Body(Inner error) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Inner(int code, String message, String type, String param, Metadata metadata) {
    }

    record Metadata(String reason, @JsonProperty("request_id") String requestId,
                    @JsonProperty("generation_id") String generationId) {
    }
}
