package dev.quintet.router.billing;

import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** Opens the {@link Reservation} of each chat request. */
public final class Billing {

    private final Ledger ledger;
    private final FreeTier freeTier;
    private final KeyLimits keyLimits;
    private final long defaultMaxCompletionTokens;

    /**
     * @param defaultMaxCompletionTokens the completion length reserved for when neither the request
     *     ({@code max_tokens}) nor the endpoint sets one
     */
    public Billing(Ledger ledger, FreeTier freeTier, KeyLimits keyLimits, long defaultMaxCompletionTokens) {
        if (defaultMaxCompletionTokens < 1) {
            throw new IllegalArgumentException("the default max completion tokens must be >= 1, got "
                    + defaultMaxCompletionTokens);
        }
        this.ledger = ledger;
        this.freeTier = freeTier;
        this.keyLimits = keyLimits;
        this.defaultMaxCompletionTokens = defaultMaxCompletionTokens;
    }

    /**
     * The completion length reserved for, and sent as {@code max_tokens}, when neither the request nor the endpoint
     * sets one: what is sent is never more than what is held for.
     */
    public long defaultMaxCompletionTokens() {
        return defaultMaxCompletionTokens;
    }

    /**
     * The reservation of a request whose body is {@code body}, held for the larger of its {@code max_tokens} and
     * {@code max_completion_tokens} (both are sent on, and a provider may read either).
     */
    public Reservation open(UUID accountId, UUID keyId, String generationId, JsonNode body) {
        long requested = Math.max(0, Math.max(body.path("max_completion_tokens").asLong(0),
                body.path("max_tokens").asLong(0)));
        return new Reservation(ledger, freeTier, keyLimits, new Reservation.Caller(accountId, keyId, generationId),
                TokenEstimate.ofPrompt(body), requested, defaultMaxCompletionTokens);
    }
}
