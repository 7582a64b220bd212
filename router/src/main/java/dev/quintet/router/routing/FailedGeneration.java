package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ApiException;
import java.util.Map;

/**
 * The error of a request that no endpoint answered, recorded as generation {@link #generationId()}: the same status,
 * code, message and headers as the error it stands for, plus {@code X-Generation-Id}, so that the caller can look the
 * failure up as it would an answer.
 */
public final class FailedGeneration extends ApiException {

    private final String generationId;

    FailedGeneration(ApiException error, String generationId) {
        this(error.toError(), error.headers(), generationId);
    }

    private FailedGeneration(ApiError error, Map<String, String> headers, String generationId) {
        super(error.status(), error.code(), error.detail(), error.param());
        this.generationId = generationId;
        headers.forEach(this::withHeader);
        withHeader("X-Generation-Id", generationId);
    }

    public String generationId() {
        return generationId;
    }
}
