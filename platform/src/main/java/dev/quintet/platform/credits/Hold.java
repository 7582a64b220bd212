package dev.quintet.platform.credits;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Credit reserved for one use, carved out of a lease ({@link Leases}); it ends with one settlement or release. If
 * neither comes before its deadline, it lapses and its credit is free again; a settlement after that still charges
 * what was spent.
 */
public final class Hold {

    final Leases.Lease lease;
    final BigDecimal amount;
    final Instant deadline;
    /** Lapsed at its deadline and not ended since; guarded by the account's lock. */
    boolean lapsed;

    Hold(Leases.Lease lease, BigDecimal amount, Instant deadline) {
        this.lease = lease;
        this.amount = amount;
        this.deadline = deadline;
    }

    /** What the hold reserves, in US dollars. */
    public BigDecimal amountUsd() {
        return amount;
    }
}
