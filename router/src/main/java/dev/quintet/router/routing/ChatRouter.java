package dev.quintet.router.routing;

import dev.quintet.router.billing.Billing;
import dev.quintet.router.generations.GenerationIds;
import dev.quintet.router.generations.Generations;
import dev.quintet.router.providers.Provider;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * Serves one chat-completions (or legacy text-completions) request: tries the candidate endpoints in order, paying for each before calling it,
 * falling back on connection errors, timeouts, 401/403/404 (our configuration), 408, 429 and 5xx, as long as
 * nothing has reached the caller; then charges for the answer and records the generation. A request no endpoint
 * answered is recorded too, as a failed generation whose error ({@link FailedGeneration}) carries its id. Every
 * call's outcome goes to {@link EndpointHealth}.
 */
public final class ChatRouter {

    private final EndpointSelector selector;
    private final Billing billing;
    private final Generations generations;
    private final GenerationIds ids;
    private final Clock clock;
    private final PlainCompletion plain;
    private final StreamedCompletion streamed;

    public ChatRouter(EndpointSelector selector, Provider provider, JsonMapper json, Duration keepAliveInterval,
                      Billing billing, Generations generations,
                      GenerationIds ids, Clock clock, EndpointHealth health) {
        this.selector = selector;
        this.billing = billing;
        this.generations = generations;
        this.ids = ids;
        this.clock = clock;
        EndpointCalls calls = new EndpointCalls(provider, health, new UpstreamAnswers(json),
                billing.defaultMaxCompletionTokens());
        this.plain = new PlainCompletion(calls, json);
        this.streamed = new StreamedCompletion(calls, json, keepAliveInterval);
    }

    public void complete(ChatRequest request, Caller caller, HttpServletResponse response) throws IOException {
        List<Candidate> candidates = selector.candidates(request);
        String id = ids.next();
        Exchange exchange = new Exchange(caller, id, request,
                billing.open(caller.accountId(), caller.keyId(), id, request.body()), generations, clock);
        try {
            if (request.stream()) {
                streamed.serve(request, candidates, exchange, response);
            } else {
                plain.serve(request, candidates, exchange, response);
            }
        } finally {
            exchange.release();
        }
    }
}
