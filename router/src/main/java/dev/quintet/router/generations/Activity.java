package dev.quintet.router.generations;

import java.math.BigDecimal;
import java.time.LocalDate;

/** An account's generations of one UTC day served by one model at one provider, summed. */
public record Activity(LocalDate day, String model, String provider, BigDecimal cost, long requests,
                       long promptTokens, long completionTokens, long reasoningTokens) {
}
