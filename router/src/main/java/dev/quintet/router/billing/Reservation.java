package dev.quintet.router.billing;

import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.credits.Hold;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;

/**
 * The money side of one chat request. Before each endpoint is called, {@link #cover} makes sure the call is paid
 * for: a free model takes one request of the key's free allowance, a paid one a hold on the account's credit for
 * the most the call can cost. Afterwards the hold is settled with the actual cost, never more than was held (the
 * settlement is made with the generation's record), or released.
 */
public final class Reservation {

    record Caller(UUID accountId, String generationId) {
    }

    private final Ledger ledger;
    private final FreeTier freeTier;
    private final Caller caller;
    private final TokenEstimate prompt;
    private final long requestedCompletion;
    private final long defaultCompletion;
    private Optional<ApiException> freeAdmission;
    private Hold hold;

    Reservation(Ledger ledger, FreeTier freeTier, Caller caller, TokenEstimate prompt, long requestedCompletion,
                long defaultCompletion) {
        this.ledger = ledger;
        this.freeTier = freeTier;
        this.caller = caller;
        this.prompt = prompt;
        this.requestedCompletion = requestedCompletion;
        this.defaultCompletion = defaultCompletion;
    }

    /** Makes sure a call of {@code endpoint} is paid for; the refusal (402 or 429) when it cannot be. */
    public Optional<ApiException> cover(Model model, Endpoint endpoint) {
        if (FreeTier.isFree(model, endpoint)) {
            release(); // a paid endpoint tried before this free one holds credit no longer needed
            if (freeAdmission == null) {
                freeAdmission = freeTier.admit(caller.accountId());
            }
            return freeAdmission;
        }
        long completion = completionCeiling(endpoint);
        BigDecimal needed = Ledger.roundUp(CostCalculator.worstCase(endpoint.pricing(), prompt.ceiling(), completion));
        if (hold != null && hold.amountUsd().compareTo(needed) >= 0) {
            return Optional.empty();
        }
        release();
        Optional<Hold> taken = ledger.hold(caller.accountId(), needed);
        if (taken.isEmpty()) {
            return Optional.of(new ApiException(402, "insufficient_credits", model.id() + " via " + endpoint.provider()
                    + " may cost up to " + needed.stripTrailingZeros().toPlainString() + " USD for this request ("
                    + prompt.ceiling() + " prompt tokens at most and up to " + completion + " completion tokens)"
                    + ", but the account has " + ledger.available(caller.accountId()).stripTrailingZeros().toPlainString()
                    + " USD of credit available; add credit, lower max_tokens or use a free model"));
        }
        hold = taken.get();
        return Optional.empty();
    }

    /**
     * Prices a generation served by {@code endpoint} from the provider's usage, or from an estimate when it
     * reported none. An {@code incomplete} generation (failed or cancelled) without completion tokens is free.
     */
    public Charge price(Model model, Endpoint endpoint, Optional<TokenUsage> reported, CountableText completion,
                        boolean incomplete) {
        TokenUsage usage = reported.orElseGet(() -> TokenUsage.estimated(prompt.likely(), completion.tokens()));
        BigDecimal cost = BigDecimal.ZERO;
        if (!FreeTier.isFree(model, endpoint) && !(incomplete && usage.completion() == 0)) {
            cost = CostCalculator.cost(endpoint.pricing(), usage);
            if (hold != null && cost.compareTo(hold.amountUsd()) > 0) {
                cost = hold.amountUsd();
            }
        }
        return new Charge(usage, reported.isEmpty(), cost);
    }

    /** Whether credit is held, to be settled or released: false for a free model. */
    public boolean holds() {
        return hold != null;
    }

    /**
     * The settlement that charges {@code charge} against the hold and ends it, for the caller to make with the
     * generation's record; from then on the reservation holds nothing. Only when it {@link #holds()}.
     */
    public Credits.Settlement settlement(Model model, Charge charge) {
        if (hold == null) {
            throw new IllegalStateException("nothing is held to settle");
        }
        Credits.Settlement settlement = ledger.settlement(hold, charge.cost(),
                "router " + caller.generationId() + " " + model.id());
        hold = null;
        return settlement;
    }

    /** Ends a hold that was not settled, charging nothing. */
    public void release() {
        if (hold != null) {
            ledger.release(hold);
            hold = null;
        }
    }

    /**
     * The longest answer {@code endpoint} may give: the request's limit where the endpoint is sent it (one that does
     * not take {@code max_tokens} is not), at most the endpoint's own; else the endpoint's, else the default.
     */
    private long completionCeiling(Endpoint endpoint) {
        Integer endpointMax = endpoint.maxCompletionTokens();
        if (requestedCompletion > 0 && endpoint.supports("max_tokens")) {
            return endpointMax != null ? Math.min(requestedCompletion, endpointMax) : requestedCompletion;
        }
        return endpointMax != null ? endpointMax : defaultCompletion;
    }
}
