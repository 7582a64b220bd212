package dev.quintet.router.billing;

import java.math.BigDecimal;

/**
 * What one generation is charged.
 *
 * @param estimated whether the token counts are estimates, the provider having reported none
 * @param cost in US dollars, exact
 */
public record Charge(TokenUsage usage, boolean estimated, BigDecimal cost) {
}
