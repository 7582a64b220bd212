package dev.quintet.platform.credits;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Prepaid credit in US dollars. The {@code platform.credit_ledger} table is append-only: grants are positive
 * entries, charges negative, and the balance is their sum. A grant moves the running figure in
 * {@code platform.credit_balances} in the transaction that appends it; a charge is appended alone ("unfolded"), so
 * that concurrent paid requests of one account never queue on its balance row through each other's commits, and a
 * later hold adds the unfolded charges to the running figure. The balance is the running figure plus the unfolded
 * charges, read in one statement so that it is one consistent sum.
 *
 * <p>Spending is reserved first with a hold ({@code platform.credit_holds}) and settled later. Holds of one account
 * take turns (a transaction-level advisory lock, held for one statement, which reserves all of the account's holds
 * asked for meanwhile), so two of them never both count the same credit; a hold does not wait for settlements: one that has not committed yet still shows its hold and not its charge, and a settlement
 * charges at most what its hold reserved (callers guarantee it), so what a hold sees available is never more than
 * what is. Concurrent requests can therefore never reserve more than the balance.
 */
public final class Credits implements AutoCloseable {

    static final BigDecimal MAX_GRANT = new BigDecimal("1000000");
    /** How many unfolded charges an account may collect before a hold folds them into its running balance. */
    static final int FOLD_AFTER = 64;
    /** The first key of the holds' advisory locks, to keep them apart from other users of advisory locks. */
    static final int LOCK_CLASS = 0x43524454;

    /** The running figure plus the unfolded charges of {@code :account} (as {@code platform.credit_holds_reserve} sums them). */
    private static final String BALANCE = """
            coalesce((SELECT balance_usd FROM platform.credit_balances WHERE account_id = :account), 0)
            + coalesce((SELECT sum(amount_usd) FROM platform.credit_ledger WHERE account_id = :account AND NOT folded), 0)""";
    /** What unexpired holds of {@code :account} reserve as of {@code :now} (as {@code platform.credit_holds_reserve} sums them). */
    private static final String HELD = """
            coalesce((SELECT sum(amount_usd) FROM platform.credit_holds WHERE account_id = :account AND expires_at > :now), 0)""";

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final HoldQueue holds;

    public Credits(JdbcClient jdbc, TransactionTemplate transactions, Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.holds = new HoldQueue(jdbc, clock, LOCK_CLASS, FOLD_AFTER);
    }

    /** Reserves the holds asked for so far and stops reserving in batches. */
    @Override
    public void close() throws InterruptedException {
        holds.close();
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
        return jdbc.sql("SELECT " + BALANCE).param("account", accountId).query(BigDecimal.class).single();
    }

    /** The sum of all grants ever made, e.g. to decide free-tier limits. */
    public BigDecimal granted(UUID accountId) {
        return jdbc.sql("SELECT granted_usd FROM platform.credit_balances WHERE account_id = :account")
                .param("account", accountId).query(BigDecimal.class).optional().orElse(BigDecimal.ZERO);
    }

    /** The balance less what unexpired holds have reserved. */
    public BigDecimal available(UUID accountId) {
        return jdbc.sql("SELECT " + BALANCE + " - " + HELD).param("account", accountId)
                .param("now", Timestamp.from(clock.instant())).query(BigDecimal.class).single();
    }

    /**
     * Reserves {@code usd} if the available credit covers it; the hold lapses after {@code ttl} if never settled.
     * Returns the hold's id, or empty when the credit does not cover it. Holds are reserved in batches
     * ({@link HoldQueue}): one autocommitted statement (the function {@code platform.credit_holds_reserve},
     * migration V7) takes all those asked for while the last one ran, each account's in one turn on its advisory
     * lock, held only for the statement and its commit; the check after the lock sees every hold committed before
     * it. A hold moves no money, so it is committed without waiting for the disk: a database crash can lose the
     * latest holds, never a charge, and the settlement that follows charges what was spent all the same. Once the
     * account has collected more than {@value #FOLD_AFTER} unfolded charges, the hold folds them into the running
     * balance. It must not be called inside a transaction: the hold commits on its own, whatever that transaction
     * does.
     */
    public Optional<UUID> hold(UUID accountId, BigDecimal usd, String reason, Duration ttl) {
        if (usd.signum() < 0) {
            throw new IllegalArgumentException("a hold must not be negative, got " + usd.toPlainString());
        }
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("a hold commits on its own; it must not be taken inside a transaction");
        }
        HoldQueue.Wanted wanted = new HoldQueue.Wanted(UUID.randomUUID(), accountId, usd, reason,
                clock.instant().plus(ttl), new CompletableFuture<>());
        return holds.reserve(wanted) ? Optional.of(wanted.id()) : Optional.empty();
    }

    /**
     * What a hold turned out to cost: {@code spentUsd}, at most what the hold reserved (callers guarantee it), is
     * charged to {@code accountId} when the hold ends.
     */
    public record Settlement(UUID holdId, UUID accountId, BigDecimal spentUsd, String reason) {

        public Settlement {
            if (spentUsd.signum() < 0) {
                throw new IllegalArgumentException("spent must not be negative, got " + spentUsd.toPlainString());
            }
        }
    }

    /**
     * Ends holds and charges what each one spent, in one statement; inside a caller's transaction it joins it, so
     * the charges and what the caller records with them commit together. It takes no lock of the accounts: the
     * charges are appended unfolded.
     */
    public void settle(List<Settlement> settlements) {
        if (settlements.isEmpty()) {
            return;
        }
        jdbc.sql("""
                WITH s AS (
                    SELECT * FROM unnest(:holds, :accounts, :spent, :reasons) AS s (hold_id, account_id, spent, reason)),
                released AS (
                    DELETE FROM platform.credit_holds h USING s WHERE h.id = s.hold_id)
                INSERT INTO platform.credit_ledger (account_id, amount_usd, reason, created_at, folded)
                SELECT account_id, -spent, reason, :now, false FROM s WHERE spent > 0""")
                .param("holds", column(settlements, "uuid", Settlement::holdId))
                .param("accounts", column(settlements, "uuid", Settlement::accountId))
                .param("spent", column(settlements, "numeric", Settlement::spentUsd))
                .param("reasons", column(settlements, "text", Settlement::reason))
                .param("now", Timestamp.from(clock.instant()))
                .update();
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

    /** One field of {@code rows} as an array parameter of SQL type {@code type}[]. */
    static <T> SqlArrayValue column(List<T> rows, String type, Function<T, Object> field) {
        return new SqlArrayValue(type, rows.stream().map(field).toArray());
    }

    /** Appends a folded entry to the ledger and moves the running figures; call inside a transaction. */
    private void append(UUID accountId, BigDecimal usd, String reason) {
        jdbc.sql("""
                INSERT INTO platform.credit_ledger (account_id, amount_usd, reason, created_at, folded)
                VALUES (:account, :amount, :reason, :now, true)""")
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

}
