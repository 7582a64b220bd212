package dev.quintet.router.generations;

import dev.quintet.router.billing.TokenUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One served chat request.
 *
 * @param requestedModel the model the caller named first
 * @param model the catalog id of the model that answered
 * @param provider the name of the provider that answered
 * @param upstreamId the provider's own id of the answer, null when it gave none
 * @param finishReason the last finish reason seen, {@code error} when the answer broke off, null when none came
 * @param usageEstimated whether the token counts are estimates, the provider having reported none
 * @param cost what the account was charged, in US dollars
 * @param timeToFirstTokenMs for streams, the time until the first content reached the caller; null otherwise
 */
public record Generation(String id, UUID accountId, UUID keyId, String requestId, String requestedModel, String model,
                         String provider, String upstreamId, Instant createdAt, boolean streamed, boolean cancelled,
                         String finishReason, TokenUsage usage, boolean usageEstimated, BigDecimal cost,
                         long latencyMs, Long timeToFirstTokenMs, List<Attempt> attempts) {

    public Generation {
        attempts = List.copyOf(attempts);
    }
}
