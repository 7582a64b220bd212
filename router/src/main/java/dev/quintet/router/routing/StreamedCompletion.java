package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.billing.Charge;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.generations.Attempt;
import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.providers.openai.OpenAiAnswerReader;
import dev.quintet.router.stream.ChunkReshape;
import dev.quintet.router.stream.ChunkStyle;
import dev.quintet.router.stream.RelayOutcome;
import dev.quintet.router.stream.SseRelay;
import dev.quintet.router.stream.StreamTally;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Serves a streaming request: endpoints are tried until one's content reaches the caller; a failure after that,
 * or after keep-alives committed the response, is told inside the stream.
 */
final class StreamedCompletion {

    private final EndpointCalls calls;
    private final JsonMapper json;
    private final Duration keepAliveInterval;

    StreamedCompletion(EndpointCalls calls, JsonMapper json, Duration keepAliveInterval) {
        this.calls = calls;
        this.json = json;
        this.keepAliveInterval = keepAliveInterval;
    }

    void serve(ChatRequest request, List<Candidate> candidates, Exchange exchange, HttpServletResponse response) {
        Failures failures = new Failures();
        SseRelay relay = new SseRelay(response, keepAliveInterval, json, exchange.id(),
                new ChunkStyle(request.text(), request.excludeReasoning()));
        try {
            for (Candidate c : candidates) {
                Optional<ApiException> refusal = exchange.cover(c);
                if (refusal.isPresent()) {
                    failures.refused(refusal.get());
                    continue;
                }
                UpstreamFailure failure = attempt(relay, c, request, exchange);
                if (failure == null) {
                    return;
                }
                if (relay.clientGone()) {
                    relay.close();
                    exchange.fail(new ApiException(499, "client_closed_request",
                            "the client disconnected before any content arrived"), true);
                    return;
                }
                if (failure.callersFault()) {
                    fail(relay, exchange, Fallback.callersFault(failure), c);
                    return;
                }
                calls.failed(failures, failure);
            }
            fail(relay, exchange, failures.error(), candidates.getLast());
        } finally {
            relay.close();
        }
    }

    /** Streams {@code c}'s answer; null when it reached the caller, else why nothing of it did. */
    private UpstreamFailure attempt(SseRelay relay, Candidate c, ChatRequest request, Exchange exchange) {
        long started = System.nanoTime();
        try {
            UpstreamResponse upstream = relay.whileWaiting(() -> calls.send(c, request, true));
            if (!upstream.ok()) {
                return calls.refused(c, exchange, started, upstream);
            }
            StreamTally tally = new StreamTally();
            Charge[] priced = new Charge[1];
            RelayOutcome outcome = relay.relay(upstream.body(), upstream.cancel(), c.model().id(), c.providerName(),
                    reshape(c), tally, t -> {
                        priced[0] = exchange.price(c, TokenUsage.fromOpenAi(t.usage()), t.completion(), false);
                        return UsageFields.of(json, t.usage(), priced[0]);
                    });
            if (outcome.kind() == RelayOutcome.Kind.FAILED_BEFORE_CONTENT) {
                exchange.attempted(c, outcome.status(), Attempt.STREAM_ERROR, started);
                return new UpstreamFailure(c, outcome.status(), outcome.problem(), Optional.empty(),
                        outcome.error() == null ? "" : UpstreamAnswers.code(outcome.error()), started);
            }
            relay.close();
            boolean cancelled = outcome.kind() == RelayOutcome.Kind.CLIENT_GONE;
            exchange.answered(c, started);
            Charge charge = priced[0] != null ? priced[0] : exchange.price(c, TokenUsage.fromOpenAi(tally.usage()),
                    tally.completion(), true);
            exchange.finish(c, charge, new Exchange.Ending(tally.upstreamId(), tally.finishReason(),
                    tally.nativeFinishReason(), cancelled, tally.firstContentNanos()));
            delivered(c, tally, cancelled, charge, started);
            return null;
        } catch (IOException e) {
            return EndpointCalls.unreachable(c, exchange, started, e);
        }
    }

    /** What each of {@code c}'s chunks needs to read as OpenRouter's: its reasoning told in OpenRouter's fields. */
    private static ChunkReshape reshape(Candidate c) {
        return OpenAiAnswerReader.reads(c.connection().provider()) ? new OpenAiAnswerReader() : ChunkReshape.NONE;
    }

    /** Notes how a stream that reached the caller went: broken off, or its latency and throughput. */
    private void delivered(Candidate c, StreamTally tally, boolean cancelled, Charge charge, long started) {
        if (tally.failed()) {
            calls.health().failed(c, started, Optional.empty());
        } else if (!cancelled) {
            long firstContent = tally.firstContentNanos() == 0 ? System.nanoTime() : tally.firstContentNanos();
            calls.health().succeeded(c, started, Duration.ofNanos(firstContent - started),
                    charge.usage().completion(), Duration.ofNanos(System.nanoTime() - firstContent));
        }
    }

    /**
     * Ends a stream no endpoint answered with {@code error}, recorded as the generation's failure: as the answer's
     * status while nothing was sent, else as one error chunk naming {@code last}'s model.
     */
    private static void fail(SseRelay relay, Exchange exchange, ApiException error, Candidate last) {
        relay.close();
        FailedGeneration failed = exchange.fail(error, false);
        if (!relay.committed()) {
            throw failed;
        }
        relay.failInBand(error.toError().status(), error.getMessage(), last.model().id());
    }
}
