package dev.quintet.console.llm;

import java.math.BigDecimal;
import java.time.LocalDate;
import tools.jackson.databind.JsonNode;

/** One item of the router's {@code /activity}: a day's use of one model at one provider. */
public record ActivityRow(LocalDate day, String model, String provider, BigDecimal cost, long requests, long promptTokens,
                   long completionTokens, long reasoningTokens) {

    static ActivityRow of(JsonNode item) {
        return new ActivityRow(LocalDate.parse(item.path("date").asString()), item.path("model").asString(),
                item.path("provider_name").asString(""), item.path("usage").decimalValue(),
                item.path("requests").asLong(), item.path("prompt_tokens").asLong(),
                item.path("completion_tokens").asLong(), item.path("reasoning_tokens").asLong());
    }

    public long tokens() {
        return promptTokens + completionTokens;
    }
}
