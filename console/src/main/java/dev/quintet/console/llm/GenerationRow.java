package dev.quintet.console.llm;

import dev.quintet.console.web.Times;
import tools.jackson.databind.JsonNode;

/** One generation as the page lists it, read from the router's generation shape. */
public record GenerationRow(String id, String createdAt, String model, String provider, long promptTokens,
                     long completionTokens, String cost, long latencyMs, String finishReason, boolean streamed,
                     boolean estimated) {

    static GenerationRow of(JsonNode g) {
        return new GenerationRow(g.path("id").asString(), Times.shown(g.path("created_at").asString(""), ""),
                g.path("model").asString(""), g.path("provider_name").asString(""), g.path("tokens_prompt").asLong(),
                g.path("tokens_completion").asLong(), "$" + g.path("total_cost").decimalValue().toPlainString(),
                g.path("latency").asLong(), g.path("finish_reason").asString(""), g.path("streamed").asBoolean(),
                g.path("usage_estimated").asBoolean());
    }
}
