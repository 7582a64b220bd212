package dev.quintet.router.catalog;

import java.util.List;
import java.util.Set;

/**
 * One provider's offer of a model.
 *
 * @param provider the provider's slug, e.g. {@code openai}
 * @param upstreamModel the model name the provider expects on its own API
 * @param contextLength the context window in tokens, null where unknown
 * @param maxCompletionTokens the most tokens one answer may have, null where unknown
 * @param supportedParameters the request parameters the endpoint honours; null when it takes any parameter
 */
public record Endpoint(String provider, String upstreamModel, Pricing pricing, Integer contextLength,
                       Integer maxCompletionTokens, List<String> supportedParameters) {

    public Endpoint {
        if (provider == null || provider.isBlank()) {
            throw new IllegalArgumentException("endpoint provider must not be blank");
        }
        if (upstreamModel == null || upstreamModel.isBlank()) {
            throw new IllegalArgumentException("endpoint model must not be blank (provider " + provider + ")");
        }
        if (pricing == null) {
            throw new IllegalArgumentException("endpoint pricing is required (provider " + provider + ")");
        }
        supportedParameters = supportedParameters == null ? null : List.copyOf(supportedParameters);
    }

    /**
     * The request parameters whose support differs between endpoints, by the names the catalog lists them under;
     * the others (messages, stream, user, ...) every endpoint takes.
     */
    public static final Set<String> PARAMETERS = Set.of("temperature", "top_p", "top_k", "min_p", "top_a",
            "max_tokens", "stop", "frequency_penalty", "presence_penalty", "repetition_penalty", "seed", "logit_bias",
            "logprobs", "top_logprobs", "response_format", "structured_outputs", "tools", "tool_choice",
            "parallel_tool_calls", "reasoning", "include_reasoning", "verbosity", "web_search_options");

    public boolean supports(String parameter) {
        return supportedParameters == null || supportedParameters.contains(parameter);
    }
}
