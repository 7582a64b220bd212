package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The error a caller gets once every candidate endpoint has failed. */
public final class Fallback {

    static final Duration DEFAULT_RETRY = Duration.ofSeconds(5);

    private Fallback() {
    }

    /** The request's own fault, as a provider reported it: the same status, the provider's reason. */
    public static ApiException callersFault(UpstreamFailure f) {
        return new ApiException(f.status(), "upstream_rejected_request", f.candidate().providerName()
                + " rejected the request for " + f.candidate().model().id() + " with HTTP " + f.status()
                + (f.problem().isBlank() ? "" : ": " + f.problem()));
    }

    /**
     * 429 when every endpoint was rate limited, 403 when every provider's moderation flagged the input (the caller's
     * to change), else 502 naming each failure (the providers refused the router's keys or failed otherwise).
     */
    public static ApiException exhausted(List<UpstreamFailure> failures) {
        String trail = String.join("; ", failures.stream().map(UpstreamFailure::describe).toList());
        if (failures.stream().allMatch(UpstreamFailure::rateLimited)) {
            return new ApiException(429, "upstream_rate_limited",
                    "every provider tried is rate limiting: " + trail);
        }
        if (failures.stream().allMatch(UpstreamFailure::flagged)) {
            return new ApiException(403, UpstreamFailure.FLAGGED, "a provider's moderation flagged the input: "
                    + trail);
        }
        if (failures.stream().allMatch(f -> !f.flagged() && (f.status() == 401 || f.status() == 403))) {
            return new ApiException(502, "upstream_credentials_rejected", "the providers rejected the router's "
                    + "credentials; the router's operator must fix the provider keys: " + trail);
        }
        return new ApiException(502, "upstream_failed", (failures.size() == 1 ? "the endpoint" : "all "
                + failures.size() + " endpoints") + " failed before answering: " + trail);
    }

    /** Seconds to put in {@code Retry-After}: the shortest wait a provider asked for, at least one, or a default. */
    public static long retryAfterSeconds(List<UpstreamFailure> failures) {
        return Math.max(1, failures.stream().map(UpstreamFailure::retryAfter).flatMap(Optional::stream)
                .min(Duration::compareTo).orElse(DEFAULT_RETRY).toSeconds());
    }
}
