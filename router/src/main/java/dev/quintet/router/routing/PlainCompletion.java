package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.billing.Charge;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.generations.Attempt;
import dev.quintet.router.providers.UpstreamResponse;
import dev.quintet.router.providers.openai.OpenAiAnswerReader;
import dev.quintet.router.stream.ReasoningFields;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Serves a request without streaming: the first endpoint that answers with choices gives the whole answer. */
final class PlainCompletion {

    private final EndpointCalls calls;
    private final JsonMapper json;

    PlainCompletion(EndpointCalls calls, JsonMapper json) {
        this.calls = calls;
        this.json = json;
    }

    void serve(ChatRequest request, List<Candidate> candidates, Exchange exchange, HttpServletResponse response)
            throws IOException {
        Failures failures = new Failures();
        for (Candidate c : candidates) {
            Optional<ApiException> refusal = exchange.cover(c);
            if (refusal.isPresent()) {
                failures.refused(refusal.get());
                continue;
            }
            ObjectNode answer = attempt(c, request, exchange, failures);
            if (answer != null) {
                // charged and recorded: a caller gone by now fails this write, not the endpoint
                response.setStatus(200);
                response.setContentType("application/json");
                response.setHeader("X-Generation-Id", exchange.id());
                response.getOutputStream().write(json.writeValueAsBytes(answer));
                return;
            }
        }
        throw exchange.fail(failures.error(), false);
    }

    /** {@code c}'s answer, charged and recorded, for the caller; null when {@code c} failed (added to failures). */
    private ObjectNode attempt(Candidate c, ChatRequest request, Exchange exchange, Failures failures) {
        long started = System.nanoTime();
        try (UpstreamResponse upstream = calls.send(c, request, false)) {
            if (!upstream.ok()) {
                UpstreamFailure failure = calls.refused(c, exchange, started, upstream);
                if (failure.callersFault()) {
                    throw exchange.fail(Fallback.callersFault(failure), false);
                }
                calls.failed(failures, failure);
                return null;
            }
            ObjectNode answer = calls.answers().parse(upstream.body().readAllBytes());
            if (answer == null || answer.hasNonNull("error") || !answer.has("choices")) {
                exchange.attempted(c, 502, Attempt.INVALID_ANSWER, started);
                calls.failed(failures, new UpstreamFailure(c, 502, "answered 200 without choices"
                        + (answer == null ? "" : ": " + UpstreamAnswers.message(answer)), Optional.empty(), "",
                        started));
                return null;
            }
            if (OpenAiAnswerReader.reads(c.connection().provider())) {
                OpenAiAnswerReader.answer(answer);
            }
            exchange.answered(c, started);
            Charge charge = settle(c, request, answer, exchange);
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            calls.health().succeeded(c, started, took, charge.usage().completion(), took);
            return answer;
        } catch (IOException e) {
            calls.failed(failures, EndpointCalls.unreachable(c, exchange, started, e));
            return null;
        }
    }

    /** Charges for {@code answer}, records the generation and makes the answer the caller's. */
    private Charge settle(Candidate c, ChatRequest request, ObjectNode answer, Exchange exchange) {
        Charge charge = exchange.price(c, TokenUsage.fromOpenAi(answer.get("usage")),
                UpstreamAnswers.generatedText(answer), false);
        if (request.excludeReasoning()) {
            ReasoningFields.remove(answer.path("choices"), "message");
        }
        String upstreamId = answer.path("id").asString(null);
        answer.put("id", exchange.id());
        answer.put("model", c.model().id());
        answer.put("provider", c.providerName());
        if (!answer.has("system_fingerprint")) {
            answer.putNull("system_fingerprint");
        }
        answer.set("usage", UsageFields.of(json, answer.get("usage"), charge));
        exchange.finish(c, charge, new Exchange.Ending(upstreamId, UpstreamAnswers.finishReason(answer),
                UpstreamAnswers.nativeFinishReason(answer), false, 0));
        return charge;
    }
}
