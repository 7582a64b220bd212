package dev.quintet.router.billing;

import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.credits.Hold;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The router's use of the platform's credit ledger, which keeps amounts to 8 decimal places (a millionth of a
 * cent): holds are rounded up to that unit, charges to the nearest unit.
 */
public final class Ledger {

    static final int SCALE = 8;

    private final Credits credits;
    private final Duration holdTtl;

    public Ledger(Credits credits, Duration holdTtl) {
        this.credits = credits;
        this.holdTtl = holdTtl;
    }

    /** Rounds an amount up to the ledger's unit. */
    static BigDecimal roundUp(BigDecimal usd) {
        return usd.setScale(SCALE, RoundingMode.CEILING);
    }

    Optional<Hold> hold(UUID accountId, BigDecimal usd) {
        return credits.hold(accountId, roundUp(usd), holdTtl);
    }

    /** What the ledger charges for a cost of {@code usd}: the cost rounded to the nearest unit. */
    public static BigDecimal charged(BigDecimal usd) {
        return usd.setScale(SCALE, RoundingMode.HALF_UP);
    }

    /** The charge of {@code spentUsd}, rounded to the ledger's unit, that ends {@code hold}. */
    Credits.Settlement settlement(Hold hold, BigDecimal spentUsd, String reason) {
        return credits.settlement(hold, charged(spentUsd), reason);
    }

    void release(Hold hold) {
        credits.release(hold);
    }

    BigDecimal available(UUID accountId) {
        return credits.available(accountId);
    }

    /** All credit ever granted to the account. */
    public BigDecimal granted(UUID accountId) {
        return credits.granted(accountId);
    }

    /** All credit the account has spent: its grants less its balance. */
    public BigDecimal spent(UUID accountId) {
        return credits.granted(accountId).subtract(credits.balance(accountId));
    }
}
