package dev.quintet.router.routing;

import dev.quintet.router.generations.Attempt;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.UpstreamResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calling one candidate endpoint, plain or streaming, and telling {@link EndpointHealth} about the endpoint's
 * failures.
 */
final class EndpointCalls {

    private final Provider provider;
    private final EndpointHealth health;
    private final UpstreamAnswers answers;
    private final long defaultMaxTokens;

    EndpointCalls(Provider provider, EndpointHealth health, UpstreamAnswers answers, long defaultMaxTokens) {
        this.provider = provider;
        this.health = health;
        this.answers = answers;
        this.defaultMaxTokens = defaultMaxTokens;
    }

    UpstreamAnswers answers() {
        return answers;
    }

    EndpointHealth health() {
        return health;
    }

    UpstreamResponse send(Candidate c, ChatRequest request, boolean stream) throws IOException {
        ObjectNode body = ForwardedParameters.forEndpoint(request.body(), c, stream, defaultMaxTokens);
        return request.text() ? provider.sendCompletion(c.connection(), c.endpoint(), body, stream)
                : provider.send(c.connection(), c.endpoint(), body, stream);
    }

    /** A failure by the endpoint's fault: noted for the error, and against the endpoint's health. */
    void failed(Failures failures, UpstreamFailure failure) {
        failures.add(failure);
        if (!failure.flagged()) {
            health.failed(failure.candidate(), failure.startedNanos(), failure.retryAfter());
        }
    }

    /** An endpoint that timed out or could not be reached, noted as attempted with status 0. */
    static UpstreamFailure unreachable(Candidate c, Exchange exchange, long started, IOException e) {
        boolean timedOut = e instanceof SocketTimeoutException;
        exchange.attempted(c, 0, timedOut ? Attempt.TIMEOUT : Attempt.UNREACHABLE, started);
        return UpstreamFailure.unreachable(c, timedOut ? "timed out waiting for an answer"
                : "could not be reached (" + UpstreamAnswers.describe(e) + ")", started);
    }

    /** The failure of a call answered with a status other than 2xx, noted as attempted; closes the answer. */
    UpstreamFailure refused(Candidate c, Exchange exchange, long started, UpstreamResponse upstream) throws IOException {
        try (upstream) {
            UpstreamFailure failure = answers.failure(c, upstream, started);
            exchange.attempted(c, upstream.status(), Attempt.ERROR_STATUS, started);
            return failure;
        }
    }
}
