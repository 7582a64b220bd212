package dev.quintet.platform.credits;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Prepaid credit in US dollars. The {@code platform.credit_ledger} table is append-only: grants are positive
 * entries, charges negative, and the balance is their sum, kept as a running figure in
 * {@code platform.credit_balances} by the same transaction that appends. Spending is reserved first with a hold
 * ({@code platform.credit_holds}) and settled later, each under the lock of the account's balance row, so concurrent
 * requests can never spend more than the balance.
 */
public final class Credits {

    static final BigDecimal MAX_GRANT = new BigDecimal("1000000");

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;

    public Credits(JdbcClient jdbc, TransactionTemplate transactions, Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** One ledger entry: positive for a grant, negative for a charge. */
    public record Entry(long id, BigDecimal amountUsd, String reason, Instant createdAt) {
    }

    /** Adds credit; {@code usd} must be positive, at most 1,000,000, with at most 8 decimals. */
    public BigDecimal grant(UUID accountId, BigDecimal usd, String reason) {
        if (usd.signum() <= 0 || usd.compareTo(MAX_GRANT) > 0 || usd.stripTrailingZeros().scale() > 8) {
            throw new IllegalArgumentException("usd must be a positive amount up to 1000000 with at most 8 decimals, got " + usd.toPlainString());
        }
        return transactions.execute(tx -> {
            append(accountId, usd, reason);
            return balance(accountId);
        });
    }

    public BigDecimal balance(UUID accountId) {
        return jdbc.sql("SELECT balance_usd FROM platform.credit_balances WHERE account_id = :account")
                .param("account", accountId).query(BigDecimal.class).optional().orElse(BigDecimal.ZERO);
    }

    /** The sum of all grants ever made, e.g. to decide free-tier limits. */
    public BigDecimal granted(UUID accountId) {
        return jdbc.sql("SELECT granted_usd FROM platform.credit_balances WHERE account_id = :account")
                .param("account", accountId).query(BigDecimal.class).optional().orElse(BigDecimal.ZERO);
    }

    /** The balance less what unexpired holds have reserved. */
    public BigDecimal available(UUID accountId) {
        return balance(accountId).subtract(held(accountId));
    }

    /**
     * Reserves {@code usd} if the available credit covers it; the hold lapses after {@code ttl} if never settled.
     * Returns the hold's id, or empty when the credit does not cover it. A hold moves no money, so it is committed
     * without waiting for the disk: a database crash can lose the latest holds, never a charge, and the settlement
     * that follows charges what was spent all the same.
     */
    public Optional<UUID> hold(UUID accountId, BigDecimal usd, String reason, Duration ttl) {
        if (usd.signum() < 0) {
            throw new IllegalArgumentException("a hold must not be negative, got " + usd.toPlainString());
        }
        return transactions.execute(tx -> {
            jdbc.sql("SET LOCAL synchronous_commit = off").update();
            lock(accountId);
            if (available(accountId).compareTo(usd) < 0) {
                return Optional.<UUID>empty();
            }
            UUID id = UUID.randomUUID();
            Instant now = clock.instant();
            jdbc.sql("""
                    INSERT INTO platform.credit_holds (id, account_id, amount_usd, reason, created_at, expires_at)
                    VALUES (:id, :account, :amount, :reason, :now, :expires)""")
                    .param("id", id).param("account", accountId).param("amount", usd).param("reason", reason)
                    .param("now", Timestamp.from(now)).param("expires", Timestamp.from(now.plus(ttl)))
                    .update();
            return Optional.of(id);
        });
    }

    /**
     * Ends a hold and charges what was actually spent (which may differ from what was held). Inside a caller's
     * transaction it joins it, so the charge and what the caller records with it commit together.
     */
    public void settle(UUID holdId, UUID accountId, BigDecimal spentUsd, String reason) {
        if (spentUsd.signum() < 0) {
            throw new IllegalArgumentException("spent must not be negative, got " + spentUsd.toPlainString());
        }
        transactions.executeWithoutResult(tx -> {
            lock(accountId);
            release(holdId);
            if (spentUsd.signum() > 0) {
                append(accountId, spentUsd.negate(), reason);
            }
        });
    }

    /** Ends a hold without charging. */
    public void release(UUID holdId) {
        jdbc.sql("DELETE FROM platform.credit_holds WHERE id = :id").param("id", holdId).update();
    }

    /** The latest entries first. */
    public List<Entry> entries(UUID accountId, int limit) {
        return jdbc.sql("""
                SELECT id, amount_usd, reason, created_at FROM platform.credit_ledger
                WHERE account_id = :account ORDER BY id DESC LIMIT :limit""")
                .param("account", accountId).param("limit", limit)
                .query((rs, row) -> new Entry(rs.getLong("id"), rs.getBigDecimal("amount_usd"), rs.getString("reason"),
                        rs.getTimestamp("created_at").toInstant()))
                .list();
    }

    private BigDecimal held(UUID accountId) {
        return jdbc.sql("SELECT coalesce(sum(amount_usd), 0) FROM platform.credit_holds WHERE account_id = :account AND expires_at > :now")
                .param("account", accountId).param("now", Timestamp.from(clock.instant()))
                .query(BigDecimal.class).single();
    }

    /** Appends to the ledger and moves the running figures; call inside a transaction. */
    private void append(UUID accountId, BigDecimal usd, String reason) {
        jdbc.sql("""
                INSERT INTO platform.credit_ledger (account_id, amount_usd, reason, created_at)
                VALUES (:account, :amount, :reason, :now)""")
                .param("account", accountId).param("amount", usd).param("reason", reason)
                .param("now", Timestamp.from(clock.instant()))
                .update();
        jdbc.sql("""
                INSERT INTO platform.credit_balances (account_id, balance_usd, granted_usd)
                VALUES (:account, :amount, greatest(:amount, 0))
                ON CONFLICT (account_id) DO UPDATE SET
                    balance_usd = platform.credit_balances.balance_usd + EXCLUDED.balance_usd,
                    granted_usd = platform.credit_balances.granted_usd + EXCLUDED.granted_usd""")
                .param("account", accountId).param("amount", usd)
                .update();
    }

    /** Locks the account's balance row (made if missing) until the transaction ends. */
    private void lock(UUID accountId) {
        jdbc.sql("""
                INSERT INTO platform.credit_balances (account_id, balance_usd, granted_usd) VALUES (:account, 0, 0)
                ON CONFLICT (account_id) DO UPDATE SET account_id = EXCLUDED.account_id""")
                .param("account", accountId).update();
    }
}
