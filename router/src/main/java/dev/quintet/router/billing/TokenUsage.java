package dev.quintet.router.billing;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Tokens of one generation by kind. As in OpenAI's usage, {@code prompt} includes the cached and cache-write
 * tokens and {@code completion} includes the reasoning tokens.
 */
public record TokenUsage(long prompt, long completion, long cached, long cacheWrite, long reasoning) {

    /** No tokens at all: what a generation no endpoint answered used. */
    public static final TokenUsage NONE = new TokenUsage(0, 0, 0, 0, 0);

    public TokenUsage {
        if (prompt < 0 || completion < 0 || cached < 0 || cacheWrite < 0 || reasoning < 0) {
            throw new IllegalArgumentException("token counts must be >= 0, got " + prompt + "/" + completion + "/"
                    + cached + "/" + cacheWrite + "/" + reasoning);
        }
    }

    /** An estimate: prompt and completion tokens only. */
    public static TokenUsage estimated(long prompt, long completion) {
        return new TokenUsage(prompt, completion, 0, 0, 0);
    }

    /**
     * Reads OpenAI's {@code usage} object ({@code prompt_tokens}, {@code completion_tokens},
     * {@code prompt_tokens_details.cached_tokens} and {@code .cache_write_tokens},
     * {@code completion_tokens_details.reasoning_tokens}); empty when it carries no token counts.
     */
    public static Optional<TokenUsage> fromOpenAi(JsonNode usage) {
        if (usage == null || !usage.isObject() || !(count(usage.get("prompt_tokens")) >= 0
                || count(usage.get("completion_tokens")) >= 0)) {
            return Optional.empty();
        }
        JsonNode prompt = usage.path("prompt_tokens_details");
        return Optional.of(new TokenUsage(orZero(usage.get("prompt_tokens")), orZero(usage.get("completion_tokens")),
                orZero(prompt.get("cached_tokens")), orZero(prompt.get("cache_write_tokens")),
                orZero(usage.path("completion_tokens_details").get("reasoning_tokens"))));
    }

    public long total() {
        return prompt + completion;
    }

    private static long orZero(JsonNode n) {
        return Math.max(0, count(n));
    }

    private static long count(JsonNode n) {
        return n != null && n.isNumber() && n.canConvertToLong() && n.asLong() >= 0 ? n.asLong() : -1;
    }
}
