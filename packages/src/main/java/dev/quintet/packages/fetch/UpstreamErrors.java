package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.platform.errors.ApiException;

/** The API error for an upstream failure when nothing is stored to fall back on. */
final class UpstreamErrors {

    private UpstreamErrors() {
    }

    static ApiException of(UpstreamFailure failure) {
        String detail = failure.getMessage() + "; nothing is stored for it yet";
        return switch (failure.kind()) {
            case TIMEOUT -> new ApiException(504, "upstream_timeout", detail);
            case RATE_LIMITED -> new ApiException(503, "upstream_rate_limited", detail).withHeader("Retry-After",
                    Long.toString(failure.retryAfter().orElseThrow().toSeconds()));
            default -> new ApiException(502, "upstream_error", detail);
        };
    }
}
