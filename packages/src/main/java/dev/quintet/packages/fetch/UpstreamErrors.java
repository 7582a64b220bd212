package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.platform.errors.ApiException;

/** The API error for an upstream failure when nothing is stored to fall back on. */
final class UpstreamErrors {

    private UpstreamErrors() {
    }

    static ApiException of(UpstreamFailure failure) {
        return failure.kind() == UpstreamFailure.Kind.TIMEOUT
                ? new ApiException(504, "upstream_timeout", failure.getMessage() + "; nothing is stored for it yet")
                : new ApiException(502, "upstream_error", failure.getMessage() + "; nothing is stored for it yet");
    }
}
