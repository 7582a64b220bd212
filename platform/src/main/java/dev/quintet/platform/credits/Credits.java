package dev.quintet.platform.credits;

import static dev.quintet.platform.db.SqlColumns.column;

import dev.quintet.platform.db.AfterTransaction;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Prepaid credit in US dollars. The {@code platform.credit_ledger} table is append-only: grants are positive
 * entries, charges negative, and the balance is their sum. A grant moves the running figure in
 * {@code platform.credit_balances} in the transaction that appends it; a charge is appended alone ("unfolded"), so
 * that concurrent paid requests of one account never queue on its balance row through each other's commits, and a
 * later lease's reservation adds the unfolded charges to the running figure. The balance is the running figure plus
 * the unfolded charges, read in one statement so that it is one consistent sum.
 *
 * <p>Spending is reserved first with a hold and settled later. Holds are carved in memory out of leases
 * ({@link Leases}): a lease is a row of {@code platform.credit_holds} reserving a block of the account's credit for
 * this process. Reservations of one account take turns (a transaction-level advisory lock, held for one statement,
 * which reserves all of the account's leases asked for meanwhile), so two of them never both count the same credit;
 * a reservation does not wait for settlements: one that has not committed yet still shows its lease's credit and not
 * its charge, and a settlement charges at most what its hold reserved, so what a reservation sees available is never
 * more than what is. Within a lease, this process never carves more than the lease reserved, and the lease's row
 * keeps covering a charge until the statement that makes the charge takes it off. Concurrent requests, in one
 * process or many, can therefore never reserve more than the balance.
 */
public final class Credits implements AutoCloseable {

    static final BigDecimal MAX_GRANT = new BigDecimal("1000000");
    /** How many unfolded charges an account may collect before a reservation folds them into its running balance. */
    static final int FOLD_AFTER = 64;
    /** The first key of the reservations' advisory locks, to keep them apart from other users of advisory locks. */
    static final int LOCK_CLASS = 0x43524454;
    /** How often {@link #tend} is due. */
    public static final Duration TENDING = Leases.TENDING;

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
    private final HoldQueue reservations;
    private final Leases leases;

    public Credits(JdbcClient jdbc, TransactionTemplate transactions, Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.reservations = new HoldQueue(jdbc, clock, LOCK_CLASS, FOLD_AFTER);
        this.leases = new Leases(jdbc, transactions, clock, reservations);
    }

    /** Gives back what this process's leases have not carved, and stops reserving. */
    @Override
    public void close() throws InterruptedException {
        leases.close();
        reservations.close();
    }

    /**
     * Lets holds past their deadline lapse, gives back leases this process no longer carves from, and renews the
     * others; to be called every {@link #TENDING} (a lease not renewed lapses two minutes after it was last).
     */
    public void tend() {
        leases.tend();
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

    /** The balance less what unexpired holds reserve, this process's leases counting only what they have carved. */
    public BigDecimal available(UUID accountId) {
        return jdbc.sql("SELECT " + BALANCE + " - " + HELD).param("account", accountId)
                .param("now", Timestamp.from(clock.instant())).query(BigDecimal.class).single()
                .add(leases.uncarved(accountId));
    }

    /**
     * Reserves {@code usd} if the available credit covers it; the hold lapses after {@code ttl} if never settled or
     * released. Returns the hold, or empty when the credit does not cover it. The hold is carved out of the
     * account's lease ({@link Leases}); when that cannot cover it, the lease is retired and a new one reserved: one
     * autocommitted statement (the function {@code platform.credit_holds_reserve}, migration V9, taking all leases
     * asked for while the last one ran, see {@link HoldQueue}) reserves as much as the account has available up to
     * the lease's size ({@value Leases#SIZE_FACTOR} to {@value Leases#MAX_SIZE_FACTOR} times the hold, see
     * {@link Leases#SIZE_FACTOR}), if that covers the hold; the check after the account's turn sees
     * every lease committed before it. A lease moves no money, so it is committed without waiting for the disk: a
     * database crash can lose the latest leases, never a charge. Once the account has collected more than
     * {@value #FOLD_AFTER} unfolded charges, the reservation folds them into the running balance. It must not be
     * called inside a transaction: a lease commits on its own, whatever that transaction does.
     */
    public Optional<Hold> hold(UUID accountId, BigDecimal usd, Duration ttl) {
        if (usd.signum() < 0) {
            throw new IllegalArgumentException("a hold must not be negative, got " + usd.toPlainString());
        }
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("a hold commits on its own; it must not be taken inside a transaction");
        }
        return leases.hold(accountId, usd, ttl);
    }

    /**
     * What a hold turned out to cost: {@code spentUsd} is charged to {@code accountId}, and {@code releasedUsd} taken
     * off the lease {@code leaseId}. Made by {@link #settlement}.
     */
    public record Settlement(UUID leaseId, UUID accountId, BigDecimal spentUsd, BigDecimal releasedUsd, String reason) {
    }

    /**
     * Ends {@code hold}, spending {@code spentUsd} of it (from zero to what it reserved), and returns the settlement
     * that charges it, to be made with {@link #settle}. Whatever the hold does not spend is available to other holds
     * from here on.
     */
    public Settlement settlement(Hold hold, BigDecimal spentUsd, String reason) {
        return leases.settle(hold, spentUsd, reason);
    }

    /**
     * Makes settlements: their charges in one statement, which inside a caller's transaction joins it, so the charges
     * and what the caller records with them commit together; then, once that has committed, what they release is
     * taken off their leases in a statement of its own ({@link Leases#shrink}), which does not wait for the disk. A
     * lease's row is thus never locked while a charge waits for the disk, and until it shrinks it still covers the
     * charge: meanwhile the credit counts twice, never less. It takes no lock of the accounts (the charges are
     * appended unfolded).
     */
    public void settle(List<Settlement> settlements) {
        if (settlements.isEmpty()) {
            return;
        }
        jdbc.sql("""
                INSERT INTO platform.credit_ledger (account_id, amount_usd, reason, created_at, folded)
                SELECT account_id, -spent, reason, :now, false
                FROM unnest(:accounts, :spent, :reasons) AS s (account_id, spent, reason) WHERE spent > 0""")
                .param("accounts", column(settlements, "uuid", Settlement::accountId))
                .param("spent", column(settlements, "numeric", Settlement::spentUsd))
                .param("reasons", column(settlements, "text", Settlement::reason))
                .param("now", Timestamp.from(clock.instant()))
                .update();
        AfterTransaction.committed(() -> leases.shrink(settlements));
    }

    /** Ends a hold without charging. */
    public void release(Hold hold) {
        leases.release(hold);
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
