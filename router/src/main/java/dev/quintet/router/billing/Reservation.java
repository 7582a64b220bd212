package dev.quintet.router.billing;

import dev.quintet.platform.credits.Hold;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;

/**
 * The money side of one chat request. Before each endpoint is called, {@link #cover} makes sure the call is paid
 * for: a free model takes one request of the account's free allowance, a paid one a hold on the account's credit
 * for the most the call can cost and, when the key has a spending limit, a hold as large on that ({@link KeyLimits}).
 * Afterwards the holds are settled with the actual cost, never more than was held (the settlement is made with the
 * generation's record), or released.
 */
public final class Reservation {

    record Caller(UUID accountId, UUID keyId, String generationId) {
    }

    /** How long a request refused for what the key's requests under way hold is told to wait. */
    static final long HELD_RETRY_SECONDS = 2;

    private final Ledger ledger;
    private final FreeTier freeTier;
    private final KeyLimits keyLimits;
    private final Caller caller;
    private final TokenEstimate prompt;
    private final long requestedCompletion;
    private final long defaultCompletion;
    private Optional<ApiException> freeAdmission;
    private Hold hold;
    private KeyLimits.KeyHold keyHold;

    Reservation(Ledger ledger, FreeTier freeTier, KeyLimits keyLimits, Caller caller, TokenEstimate prompt,
                long requestedCompletion, long defaultCompletion) {
        this.ledger = ledger;
        this.freeTier = freeTier;
        this.keyLimits = keyLimits;
        this.caller = caller;
        this.prompt = prompt;
        this.requestedCompletion = requestedCompletion;
        this.defaultCompletion = defaultCompletion;
    }

    /**
     * Makes sure a call of {@code endpoint} is paid for; the refusal when it cannot be: 429 when the free allowance
     * is spent or the key's requests under way hold what its limit leaves, 402 when the account's credit or what the
     * key's limit leaves does not cover the call, 403 when the key's limit is spent.
     */
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
        Optional<ApiException> overLimit = holdAgainstKeyLimit(model, endpoint, needed, completion);
        if (overLimit.isPresent()) {
            return overLimit;
        }
        Optional<Hold> taken = ledger.hold(caller.accountId(), needed);
        if (taken.isEmpty()) {
            release();
            return Optional.of(new ApiException(402, "insufficient_credits", model.id() + " via " + endpoint.provider()
                    + " may cost up to " + usd(needed) + " USD for this request ("
                    + prompt.ceiling() + " prompt tokens at most and up to " + completion + " completion tokens)"
                    + ", but the account has " + usd(ledger.available(caller.accountId()))
                    + " USD of credit available; add credit, lower max_tokens or use a free model"));
        }
        hold = taken.get();
        return Optional.empty();
    }

    /**
     * Holds {@code needed} against the key's limit, if it has one; the refusal when what the limit leaves in its
     * window does not cover it. OpenRouter's words lead the messages, which clients match.
     */
    private Optional<ApiException> holdAgainstKeyLimit(Model model, Endpoint endpoint, BigDecimal needed,
                                                       long completion) {
        if (keyLimits.of(caller.keyId()).isEmpty()) {
            return Optional.empty();
        }
        Optional<KeyLimits.Outcome> outcome = keyLimits.hold(caller.keyId(), needed);
        if (outcome.isEmpty() || outcome.get().hold().isPresent()) {
            keyHold = outcome.flatMap(KeyLimits.Outcome::hold).orElse(null);
            return Optional.empty();
        }
        KeyLimits.Outcome found = outcome.get();
        KeyLimit limit = found.limit();
        BigDecimal unspent = limit.usd().subtract(found.spent());
        String window = limit.windowName();
        String resets = limit.reset() == null ? ""
                : "; it resets at " + limit.reset().next(keyLimits.today()) + "T00:00:00Z";
        if (unspent.signum() <= 0) {
            return Optional.of(new ApiException(403, "key_limit_exceeded", "Key limit exceeded (" + window
                    + " limit): this key has spent its " + window + " limit of " + usd(limit.usd()) + " USD" + resets
                    + "; raise or remove the key's limit in the console"));
        }
        String costs = model.id() + " via " + endpoint.provider() + " may cost up to " + usd(needed)
                + " USD for this request (" + prompt.ceiling() + " prompt tokens at most), and this key's " + window
                + " limit of " + usd(limit.usd()) + " USD has " + usd(unspent) + " USD left";
        if (unspent.compareTo(needed) < 0) {
            long affordable = Math.min(Math.max(0, completion - 1),
                    CostCalculator.affordableCompletion(endpoint.pricing(), prompt.ceiling(), unspent));
            return Optional.of(new ApiException(402, "key_limit_insufficient", "This request requires more "
                    + "credits, or fewer max_tokens. You requested up to " + completion + " tokens, but can only "
                    + "afford " + affordable + ": " + costs + resets
                    + "; lower max_tokens, or raise the key's limit in the console"));
        }
        return Optional.of(new ApiException(429, "key_limit_held", "This key's requests under way hold what its "
                + "limit leaves: " + costs + ", of which " + usd(found.held()) + " USD is held by them until they "
                + "end (a hold is the most a request can cost; most spend less); retry when they have ended")
                .withHeader("Retry-After", Long.toString(HELD_RETRY_SECONDS)));
    }

    private static String usd(BigDecimal amount) {
        return amount.stripTrailingZeros().toPlainString();
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
     * The settlement that charges {@code charge} against the holds and ends them, for the caller to make with the
     * generation's record; from then on the reservation holds nothing. Only when it {@link #holds()}.
     */
    public Settlement settlement(Model model, Charge charge) {
        if (hold == null) {
            throw new IllegalStateException("nothing is held to settle");
        }
        Settlement settlement = new Settlement(ledger.settlement(hold, charge.cost(),
                "router " + caller.generationId() + " " + model.id()), keyHold);
        hold = null;
        keyHold = null;
        return settlement;
    }

    /** Ends holds that were not settled, charging nothing. */
    public void release() {
        if (hold != null) {
            ledger.release(hold);
            hold = null;
        }
        if (keyHold != null) {
            KeyLimits.KeyHold held = keyHold;
            keyHold = null;
            keyLimits.release(held);
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
