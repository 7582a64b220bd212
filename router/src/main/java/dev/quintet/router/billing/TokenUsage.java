package dev.quintet.router.billing;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Tokens of one generation by kind. As in OpenAI's usage, {@code prompt} includes the cached and cache-write
 * tokens and {@code completion} includes the reasoning tokens; {@code cacheWrite1h} are the part of
 * {@code cacheWrite} written to a cache kept for an hour (Anthropic's {@code ttl: "1h"}), which costs more than the
 * default five minutes.
 */
public record TokenUsage(long prompt, long completion, long cached, long cacheWrite, long reasoning,
                         long cacheWrite1h) {

    /** No tokens at all: what a generation no endpoint answered used. */
    public static final TokenUsage NONE = new TokenUsage(0, 0, 0, 0, 0, 0);

    public TokenUsage {
        if (prompt < 0 || completion < 0 || cached < 0 || cacheWrite < 0 || reasoning < 0 || cacheWrite1h < 0
                || cacheWrite1h > cacheWrite) {
            throw new IllegalArgumentException("token counts must be >= 0 (one-hour cache writes at most the cache"
                    + " writes), got " + prompt + "/" + completion + "/" + cached + "/" + cacheWrite + "/" + reasoning
                    + "/" + cacheWrite1h);
        }
    }

    /** An estimate: prompt and completion tokens only. */
    public static TokenUsage estimated(long prompt, long completion) {
        return new TokenUsage(prompt, completion, 0, 0, 0, 0);
    }

    /**
     * Reads OpenAI's {@code usage} object ({@code prompt_tokens}, {@code completion_tokens},
     * {@code prompt_tokens_details.cached_tokens}, {@code .cache_write_tokens} and, of those,
     * {@code .cache_write_1h_tokens}, {@code completion_tokens_details.reasoning_tokens}); empty when it carries no
     * token counts. Two variants of OpenAI-compatible providers are read too: cache reads reported beside the
     * prompt ({@code cached_tokens}, Moonshot's; {@code prompt_cache_hit_tokens}, DeepSeek's), and reasoning left out
     * of {@code completion_tokens}, which a {@code total_tokens} of prompt, completion and reasoning together shows
     * (xAI's): the reasoning is then added to the completion, where OpenAI counts it.
     */
    public static Optional<TokenUsage> fromOpenAi(JsonNode usage) {
        if (usage == null || !usage.isObject() || !(count(usage.get("prompt_tokens")) >= 0
                || count(usage.get("completion_tokens")) >= 0)) {
            return Optional.empty();
        }
        JsonNode prompt = usage.path("prompt_tokens_details");
        long promptTokens = orZero(usage.get("prompt_tokens"));
        long completion = orZero(usage.get("completion_tokens"));
        long reasoning = orZero(usage.path("completion_tokens_details").get("reasoning_tokens"));
        if (reasoning > 0 && count(usage.get("total_tokens")) == promptTokens + completion + reasoning) {
            completion += reasoning;
        }
        long cached = count(prompt.get("cached_tokens"));
        for (String beside : new String[] {"cached_tokens", "prompt_cache_hit_tokens"}) {
            cached = cached >= 0 ? cached : count(usage.get(beside));
        }
        long cacheWrite = orZero(prompt.get("cache_write_tokens"));
        return Optional.of(new TokenUsage(promptTokens, completion, Math.max(0, cached), cacheWrite, reasoning,
                Math.min(cacheWrite, orZero(prompt.get("cache_write_1h_tokens")))));
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
