package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import java.util.ArrayList;
import java.util.List;

/** The failures of one request so far, and the error they add up to. */
final class Failures {

    private final List<UpstreamFailure> upstream = new ArrayList<>();
    private final List<ApiException> refusals = new ArrayList<>();

    void add(UpstreamFailure failure) {
        upstream.add(failure);
    }

    /**
     * An endpoint not called because the request was not paid for: not covered by the account's credit or the key's
     * limit (402), the key's limit spent (403) or held by its requests under way (429), or over the free allowance
     * (429).
     */
    void refused(ApiException refusal) {
        refusals.add(refusal);
    }

    /** The first refusal when no endpoint was called; otherwise what the endpoints did. */
    ApiException error() {
        if (upstream.isEmpty()) {
            return refusals.getFirst();
        }
        ApiException error = Fallback.exhausted(upstream);
        if (error.toError().status() == 429) {
            error.withHeader("Retry-After", Long.toString(Fallback.retryAfterSeconds(upstream)));
        }
        return error;
    }
}
