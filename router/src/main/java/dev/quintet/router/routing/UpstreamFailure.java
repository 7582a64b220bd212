package dev.quintet.router.routing;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One endpoint that did not answer usefully.
 *
 * @param status the upstream's HTTP status, 0 when it was not reached or timed out
 * @param problem what went wrong, for people
 * @param code the provider's machine-readable error code ({@code error.code}, else {@code error.type}), "" if none
 * @param startedNanos {@link System#nanoTime()} when the call began
 */
public record UpstreamFailure(Candidate candidate, int status, String problem, Optional<Duration> retryAfter,
                              String code, long startedNanos) {

    /**
     * Codes that make a 400 or 413 the provider's own state rather than the request's fault: Groq answers 413
     * {@code rate_limit_exceeded} for a request over its tokens-per-minute limit and 400 {@code model_decommissioned}
     * for a model it retired; another provider of the model may well answer.
     */
    static final Set<String> PROVIDER_CODES = Set.of("rate_limit_exceeded", "model_decommissioned",
            "model_not_found");

    /**
     * Words of an {@code invalid_request_error} that make a 400 the provider's account's state: Anthropic answers
     * 400 {@code invalid_request_error} "Your credit balance is too low to access the Anthropic API" when the key's
     * account has run out of credit; another provider of the model may well answer.
     */
    static final String NO_CREDIT = "credit balance is too low";

    /**
     * The code of a refusal of the request's input by a provider's moderation (OpenRouter's 403 with
     * {@code metadata.reasons} and {@code flagged_input}): the endpoint works, and another provider may not moderate.
     */
    static final String FLAGGED = "input_flagged";

    public static UpstreamFailure unreachable(Candidate candidate, String problem, long startedNanos) {
        return new UpstreamFailure(candidate, 0, problem, Optional.empty(), "", startedNanos);
    }

    /**
     * 400, 413 and 422 mean the request itself is at fault: trying elsewhere would fail the same way; unless their
     * code says the provider is at fault ({@link #PROVIDER_CODES}) or their reason speaks of the account's credit
     * balance ({@link #NO_CREDIT}).
     */
    public boolean callersFault() {
        return (status == 400 || status == 413 || status == 422) && !PROVIDER_CODES.contains(code)
                && !(code.equals("invalid_request_error") && problem.toLowerCase(Locale.ROOT).contains(NO_CREDIT));
    }

    /** Whether a provider's moderation refused the request's input. */
    boolean flagged() {
        return status == 403 && code.equals(FLAGGED);
    }

    /** Whether the provider was rate limiting: a 429, or another status with the code {@code rate_limit_exceeded}. */
    boolean rateLimited() {
        return status == 429 || code.equals("rate_limit_exceeded");
    }

    String describe() {
        return candidate.model().id() + " via " + candidate.providerName() + ": "
                + (status == 0 ? problem : "HTTP " + status + (problem.isBlank() ? "" : " (" + problem + ")"));
    }
}
