package dev.quintet.router.providers.translation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a request asks of reasoning ({@code reasoning{effort, max_tokens, enabled}} or {@code reasoning_effort}),
 * turned into the token budget the native APIs take. An effort is a share of the answer's token limit, as
 * OpenRouter documents it: xhigh/max 95 %, high 80 %, medium 50 %, low 20 %, minimal 10 %, none 0.
 *
 * @param effort the effort asked for, null when a budget was given
 * @param maxTokens the budget asked for, null when an effort was given
 */
public record ReasoningRequest(String effort, Long maxTokens) {

    /** The smallest budget Anthropic accepts, also the floor of an effort's budget. */
    public static final long MIN_BUDGET = 1024;

    /** OpenRouter's efforts, most first, each with its share of the answer's token limit. */
    private static final SequencedMap<String, Double> SHARES = shares();
    /** The efforts a request may ask for, most first. */
    public static final List<String> EFFORTS = List.copyOf(SHARES.sequencedKeySet());

    private static SequencedMap<String, Double> shares() {
        SequencedMap<String, Double> shares = new LinkedHashMap<>();
        shares.put("max", 0.95);
        shares.put("xhigh", 0.95);
        shares.put("high", 0.8);
        shares.put("medium", 0.5);
        shares.put("low", 0.2);
        shares.put("minimal", 0.1);
        shares.put("none", 0.0);
        return Collections.unmodifiableSequencedMap(shares);
    }

    /** The reasoning asked for, null when the request says nothing about it. */
    public static ReasoningRequest of(ObjectNode body) {
        JsonNode reasoning = body.path("reasoning");
        if (reasoning.isObject()) {
            if (reasoning.path("max_tokens").canConvertToLong()) {
                return new ReasoningRequest(null, reasoning.get("max_tokens").asLong());
            }
            if (reasoning.hasNonNull("effort")) {
                return new ReasoningRequest(reasoning.get("effort").asString(), null);
            }
            if (reasoning.has("enabled")) {
                return new ReasoningRequest(reasoning.path("enabled").asBoolean(false) ? "medium" : "none", null);
            }
            return reasoning.isEmpty() ? null : new ReasoningRequest("medium", null);
        }
        return body.path("reasoning_effort").isString()
                ? new ReasoningRequest(body.get("reasoning_effort").asString(), null) : null;
    }

    /** Whether reasoning is turned off. */
    public boolean off() {
        return maxTokens == null ? "none".equals(effort) : maxTokens == 0;
    }

    /** The thinking budget for an answer of at most {@code answerLimit} tokens, never below {@link #MIN_BUDGET}. */
    public long budget(long answerLimit) {
        if (maxTokens != null) {
            return maxTokens;
        }
        double share = SHARES.getOrDefault(effort, 0.5);
        return Math.max(MIN_BUDGET, (long) Math.floor(answerLimit * share));
    }
}
