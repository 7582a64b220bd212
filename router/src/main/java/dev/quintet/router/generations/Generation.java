package dev.quintet.router.generations;

import dev.quintet.router.billing.TokenUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One chat request that reached the endpoints: served, or failed at every one of them.
 *
 * @param requestedModel the model the caller named first
 * @param model the catalog id of the model that answered; for a failed generation, of the last model tried
 * @param provider the name of the provider that answered, null when none did
 * @param upstreamId the provider's own id of the answer, null when it gave none
 * @param finishReason the last finish reason seen, {@code error} when the answer broke off or never came, null
 *     when none came
 * @param nativeFinishReason the provider's own name for how the answer ended (Anthropic's {@code end_turn},
 *     Gemini's {@code STOP}), null when none came
 * @param usageEstimated whether the token counts are estimates, the provider having reported none
 * @param cost what the account was charged, in US dollars
 * @param timeToFirstTokenMs for streams, the time until the first content reached the caller; null otherwise
 * @param failure the error the caller got instead of an answer, null when an endpoint answered
 */
public record Generation(String id, UUID accountId, UUID keyId, String requestId, String requestedModel, String model,
                         String provider, String upstreamId, Instant createdAt, boolean streamed, boolean cancelled,
                         String finishReason, String nativeFinishReason, TokenUsage usage, boolean usageEstimated,
                         BigDecimal cost, long latencyMs, Long timeToFirstTokenMs, List<Attempt> attempts,
                         Failure failure) {

    public Generation {
        attempts = List.copyOf(attempts);
    }

    /**
     * The error answered instead of a completion.
     *
     * @param code the HTTP status, as the error body's {@code code}
     * @param reason the machine-readable code, as the error body's {@code metadata.reason}
     * @param message the error body's message, cut to {@link #MAX_MESSAGE} characters
     */
    public record Failure(int code, String reason, String message) {

        public static final int MAX_MESSAGE = 4_000;

        public Failure {
            if (message.length() > MAX_MESSAGE) {
                int end = MAX_MESSAGE - 1;
                message = message.substring(0, Character.isHighSurrogate(message.charAt(end - 1)) ? end - 1 : end)
                        + "…";
            }
        }
    }
}
