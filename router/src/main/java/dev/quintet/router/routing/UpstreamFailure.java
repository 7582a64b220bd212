package dev.quintet.router.routing;

import java.time.Duration;
import java.util.Optional;

/**
 * One endpoint that did not answer usefully.
 *
 * @param status the upstream's HTTP status, 0 when it was not reached or timed out
 * @param problem what went wrong, for people
 */
public record UpstreamFailure(Candidate candidate, int status, String problem, Optional<Duration> retryAfter) {

    public static UpstreamFailure unreachable(Candidate candidate, String problem) {
        return new UpstreamFailure(candidate, 0, problem, Optional.empty());
    }

    /** 400, 413 and 422 mean the request itself is at fault: trying elsewhere would fail the same way. */
    public boolean callersFault() {
        return status == 400 || status == 413 || status == 422;
    }

    String describe() {
        return candidate.model().id() + " via " + candidate.providerName() + ": "
                + (status == 0 ? problem : "HTTP " + status + (problem.isBlank() ? "" : " (" + problem + ")"));
    }
}
