package dev.quintet.router.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.router.generations.Attempt;
import dev.quintet.router.generations.Generation;
import dev.quintet.router.generations.GenerationIds;
import dev.quintet.router.generations.Generations;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /generation?id=}: one generation of the caller's account, in OpenRouter's shape, served or failed;
 * {@code GET /generations?limit=}: the account's latest ones, newest first, in the same shape.
 */
@RestController
final class GenerationsController {

    private final Generations generations;

    GenerationsController(Generations generations) {
        this.generations = generations;
    }

    @GetMapping({"/api/v1/generation", "/v1/generation"})
    Map<String, GenerationView> generation(@RequestParam(name = "id", required = false) String id,
                                           @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        if (id == null || id.isBlank()) {
            throw ApiException.invalidParameter("id", "id is required: the generation id (gen-...) that a chat "
                    + "completion returned as its id (a failed one as error.metadata.generation_id) and in the "
                    + "X-Generation-Id header");
        }
        if (!GenerationIds.wellFormed(id)) {
            throw ApiException.invalidParameter("id", "id must be a generation id such as "
                    + "gen-1767225600-AbCdEfGhIjKlMnOpQrSt, got '" + (id.length() > 80 ? id.substring(0, 80) + "..." : id) + "'");
        }
        Generation g = generations.find(id, holder.accountId()).orElseThrow(() -> new ApiException(404,
                "generation_not_found", "no generation " + id + " belongs to this account", "id"));
        return Map.of("data", GenerationView.of(g));
    }

    @GetMapping({"/api/v1/generations", "/v1/generations"})
    Map<String, List<GenerationView>> recent(@RequestParam(name = "limit", required = false) String limit,
                                             @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) {
        int count = limit == null ? 20 : IntegerParameter.parse("limit", limit, 1, 100);
        return Map.of("data", generations.recent(holder.accountId(), count).stream().map(GenerationView::of).toList());
    }

    /**
     * One generation in OpenRouter's field names, every field sent even when null (OpenRouter's SDKs require them):
     * what the router does not record (the caller's app, referer, user agent and user, media counts, a service tier)
     * is null, {@code origin} (a string to the SDKs) is empty, and it runs no web search ({@code num_search_results}
     * 0, no search engine or fetches) and no auto-router ({@code router} null).
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record GenerationView(String id, String upstreamId, String requestId, BigDecimal totalCost, BigDecimal usage,
                          boolean usageEstimated, BigDecimal cacheDiscount, BigDecimal upstreamInferenceCost,
                          String createdAt, String model, String requestedModel, String providerName,
                          String apiType, boolean streamed, boolean cancelled, long latency, Long timeToFirstToken,
                          Long generationTime, Long moderationLatency, String finishReason, String nativeFinishReason,
                          long tokensPrompt, long tokensCompletion, long nativeTokensPrompt,
                          long nativeTokensCompletion, long nativeTokensReasoning, long nativeTokensCached,
                          long nativeTokensCacheWrite,
                          @JsonProperty("native_tokens_cache_write_1h") long nativeTokensCacheWrite1h,
                          Long nativeTokensCompletionImages, Integer numMediaPrompt,
                          Integer numInputAudioPrompt, Integer numMediaCompletion, int numSearchResults, Long appId,
                          String origin, String externalUser, boolean isByok, String router, String serviceTier,
                          String httpReferer, String userAgent, String webSearchEngine, Integer numFetches,
                          List<ProviderResponse> providerResponses, ErrorView error) {

        static GenerationView of(Generation g) {
            BigDecimal cost = g.cost().stripTrailingZeros();
            Long generationTime = g.timeToFirstTokenMs() == null ? null
                    : Math.max(0, g.latencyMs() - g.timeToFirstTokenMs());
            ErrorView error = g.failure() == null ? null : ErrorView.of(g.failure());
            return new GenerationView(g.id(), g.upstreamId(), g.requestId(), cost, cost, g.usageEstimated(), null,
                    null, g.createdAt().toString(), g.model(), g.requestedModel(), g.provider(), "completions",
                    g.streamed(), g.cancelled(), g.latencyMs(), g.timeToFirstTokenMs(), generationTime, null,
                    g.finishReason(), g.nativeFinishReason(), g.usage().prompt(), g.usage().completion(),
                    g.usage().prompt(), g.usage().completion(), g.usage().reasoning(), g.usage().cached(),
                    g.usage().cacheWrite(), g.usage().cacheWrite1h(), null, null, null, null, 0, null, "", null,
                    false, null, null, null, null, null, null, g.attempts().stream().map(ProviderResponse::of).toList(),
                    error);
        }
    }

    /** Why no endpoint answered: the error the caller got, as its body's {@code code}, metadata reason and message. */
    record ErrorView(int code, String reason, String message) {

        static ErrorView of(Generation.Failure f) {
            return new ErrorView(f.code(), f.reason(), f.message());
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    record ProviderResponse(String providerName, String model, int status, String error, long latency,
                            boolean isByok) {

        static ProviderResponse of(Attempt a) {
            return new ProviderResponse(a.provider(), a.model(), a.status(), a.error(), a.latencyMs(), false);
        }
    }
}
