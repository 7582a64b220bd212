package dev.quintet.console.llm;

import java.math.BigDecimal;

/** One model's use summed over the days shown. */
public record ModelTotal(String model, long requests, long promptTokens, long completionTokens, BigDecimal cost) {

    static ModelTotal of(ActivityRow r) {
        return new ModelTotal(r.model(), r.requests(), r.promptTokens(), r.completionTokens(), r.cost());
    }

    ModelTotal plus(ModelTotal o) {
        return new ModelTotal(model, requests + o.requests, promptTokens + o.promptTokens,
                completionTokens + o.completionTokens, cost.add(o.cost));
    }

    public String costText() {
        return "$" + cost.stripTrailingZeros().toPlainString();
    }
}
