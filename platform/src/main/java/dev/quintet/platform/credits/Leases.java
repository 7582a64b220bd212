package dev.quintet.platform.credits;

import dev.quintet.platform.db.SqlColumns;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Credit this process has leased. A lease is one hold in {@code platform.credit_holds} (reserved like any hold, so
 * that no other process can count the same credit) of a block of an account's credit; the holds of the account's
 * requests are carved out of it in memory, without a database statement. A settlement takes what was spent off the
 * lease (once the charge has committed) and gives the rest of its hold back to the lease for later holds.
 *
 * <p>A lease is carved from until it has served {@value #HOLDS_PER_LEASE} holds (so that the next reservation folds
 * their charges, see {@link Credits}), cannot cover the next hold, was not carved from between two tendings
 * ({@link #tend}, every {@link #TENDING}), or comes within {@link #CARVING_MARGIN} of lapsing. It is then retired: what
 * is not carved goes back to the account at once, and the rest with each settlement of its holds. Tending also
 * renews the leases in use, so that they lapse {@link #LEASE_TTL} after this process stops tending them (a crash):
 * their credit is free again within minutes, never lost.
 *
 * <p>What a lease covers in memory is what it has not carved plus its unsettled holds. Every change of that figure
 * comes with the same change of the lease's row, made later, once the charge that settles has committed, or at once
 * (a retirement, a release from a retired lease), and always relative
 * ({@code amount - x}), so that the order they commit in does not matter. A lease's row therefore always holds at
 * least what the settlements not yet committed will take off it, and a row that holds nothing can be deleted by
 * anyone at any time (tending does).
 *
 * <p>State of one account's leases is guarded by the account's lock; carving never waits for another account.
 */
final class Leases {

    private static final Logger log = LoggerFactory.getLogger(Leases.class);

    /**
     * Holds carved from one lease at most, so that a reservation, which folds the account's charges (see
     * {@link Credits}), comes at least this often; rarely enough that its cost stays out of the 99th percentile.
     */
    static final int HOLDS_PER_LEASE = 256;
    /**
     * A lease asks for this many times the hold that asked for it, or twice the account's unsettled holds if more; after
     * a lease of the account ran dry before it served {@value #HOLDS_PER_LEASE} holds (its holds spend most of what
     * they reserve), twice the last lease's factor, up to {@value #MAX_SIZE_FACTOR}: so that an account's requests
     * wait for a reservation once in {@value #HOLDS_PER_LEASE} at most, however much of their holds they spend. Once
     * a lease is retired idle, the account starts at this factor again.
     */
    static final int SIZE_FACTOR = 16;
    static final int MAX_SIZE_FACTOR = HOLDS_PER_LEASE;
    static final Duration LEASE_TTL = Duration.ofMinutes(2);
    static final Duration TENDING = Duration.ofSeconds(20);
    static final Duration CARVING_MARGIN = Duration.ofMinutes(1);
    static final String REASON = "lease";

    /** One account's leases: the one carved from, and retired ones with unsettled holds. */
    private static final class Account {
        final UUID id;
        final ReentrantLock lock = new ReentrantLock();
        Lease current;
        /** How many times the hold that asks for it the next lease asks for (see {@link #SIZE_FACTOR}). */
        int sizeFactor = SIZE_FACTOR;
        final Set<Lease> retired = new HashSet<>();
        /** Removed from the map (nothing leased): callers look the account up again. */
        boolean dropped;

        Account(UUID id) {
            this.id = id;
        }

        List<Lease> leases() {
            List<Lease> all = new ArrayList<>(retired);
            if (current != null) {
                all.add(current);
            }
            return all;
        }
    }

    /** One lease; guarded by its account's lock. */
    static final class Lease {
        final UUID id;
        final Account account;
        BigDecimal uncarved;
        Instant expires;
        int carved;
        boolean carvedSinceTending = true;
        boolean retired;
        final Set<Hold> holds = new HashSet<>();

        Lease(UUID id, Account account, BigDecimal amount, Instant expires) {
            this.id = id;
            this.account = account;
            this.uncarved = amount;
            this.expires = expires;
        }

        boolean covers(BigDecimal usd, Instant now) {
            return carved < HOLDS_PER_LEASE && uncarved.compareTo(usd) >= 0
                    && !expires.isBefore(now.plus(CARVING_MARGIN));
        }

        /** Whether it cannot cover a hold of {@code usd} for want of credit before it served all its holds. */
        boolean ranDry(BigDecimal usd) {
            return carved < HOLDS_PER_LEASE && uncarved.compareTo(usd) < 0;
        }

        Hold carve(BigDecimal usd, Instant deadline) {
            Hold hold = new Hold(this, usd, deadline);
            uncarved = uncarved.subtract(usd);
            carved++;
            carvedSinceTending = true;
            holds.add(hold);
            return hold;
        }
    }

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final HoldQueue reservations;
    private final ConcurrentHashMap<UUID, Account> accounts = new ConcurrentHashMap<>();

    Leases(JdbcClient jdbc, TransactionTemplate transactions, Clock clock, HoldQueue reservations) {
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(transactions.getTransactionManager());
        this.transactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.clock = clock;
        this.reservations = reservations;
    }

    /** A hold of {@code usd} carved out of the account's lease (leasing more first if needed), or empty. */
    Optional<Hold> hold(UUID accountId, BigDecimal usd, Duration ttl) {
        while (true) {
            Account account = accounts.computeIfAbsent(accountId, Account::new);
            account.lock.lock();
            try {
                if (account.dropped) {
                    continue;
                }
                Instant now = clock.instant();
                Lease lease = account.current;
                if (lease != null && !lease.covers(usd, now)) {
                    if (lease.ranDry(usd)) {
                        account.sizeFactor = Math.min(MAX_SIZE_FACTOR, 2 * account.sizeFactor);
                    }
                    retire(lease);
                    lease = null;
                }
                if (lease == null) {
                    lease = lease(account, usd, now);
                }
                return lease == null ? Optional.empty() : Optional.of(lease.carve(usd, now.plus(ttl)));
            } finally {
                account.lock.unlock();
            }
        }
    }

    /**
     * Ends {@code hold}, spending {@code spent} of it: the settlement that charges it and takes it off the lease in
     * the database. From here on the rest of the hold is the lease's again (or, once the lease is retired, the
     * account's when the settlement is made). A hold that lapsed reserves nothing any more: its settlement only
     * charges.
     */
    Credits.Settlement settle(Hold hold, BigDecimal spent, String reason) {
        if (spent.signum() < 0 || spent.compareTo(hold.amount) > 0) {
            throw new IllegalArgumentException("a settlement spends from 0 to what its hold reserved ("
                    + hold.amount.toPlainString() + "), got " + spent.toPlainString());
        }
        Lease lease = hold.lease;
        lease.account.lock.lock();
        try {
            if (endLapsed(hold)) { // its credit is free already: the charge alone
                return new Credits.Settlement(lease.id, lease.account.id, spent, BigDecimal.ZERO, reason);
            }
            end(hold);
            if (!lease.retired) {
                lease.uncarved = lease.uncarved.add(hold.amount).subtract(spent);
                return new Credits.Settlement(lease.id, lease.account.id, spent, spent, reason);
            }
            if (lease.holds.isEmpty()) {
                lease.account.retired.remove(lease);
            }
            return new Credits.Settlement(lease.id, lease.account.id, spent, hold.amount, reason);
        } finally {
            lease.account.lock.unlock();
        }
    }

    /** Ends {@code hold} without spending any of it (nothing to do for a hold that lapsed). */
    void release(Hold hold) {
        Lease lease = hold.lease;
        lease.account.lock.lock();
        try {
            if (!endLapsed(hold)) {
                end(hold);
                giveBack(hold);
            }
        } finally {
            lease.account.lock.unlock();
        }
    }

    /** What the account's lease has not carved yet: reserved in the database, but available to its holds. */
    BigDecimal uncarved(UUID accountId) {
        Account account = accounts.get(accountId);
        if (account == null) {
            return BigDecimal.ZERO;
        }
        account.lock.lock();
        try {
            return account.current == null ? BigDecimal.ZERO : account.current.uncarved;
        } finally {
            account.lock.unlock();
        }
    }

    /**
     * Lets holds past their deadline lapse, retires leases not carved from since the last tending, renews the leases
     * still in use, and deletes the rows of leases that hold nothing or have lapsed.
     */
    void tend() {
        Instant now = clock.instant();
        List<Lease> inUse = new ArrayList<>();
        for (Account account : accounts.values()) {
            account.lock.lock();
            try {
                for (Lease lease : account.leases()) {
                    for (Hold hold : List.copyOf(lease.holds)) {
                        if (hold.deadline.isBefore(now)) {
                            end(hold);
                            hold.lapsed = true;
                            giveBack(hold);
                        }
                    }
                }
                Lease current = account.current;
                if (current != null && !current.carvedSinceTending) {
                    retire(current);
                    account.sizeFactor = SIZE_FACTOR;
                } else if (current != null) {
                    current.carvedSinceTending = false;
                }
                inUse.addAll(account.leases());
                if (account.current == null && account.retired.isEmpty()) {
                    account.dropped = true;
                    accounts.remove(account.id, account);
                }
            } finally {
                account.lock.unlock();
            }
        }
        Instant expires = now.plus(LEASE_TTL);
        for (Lease lease : inUse) {
            // one row per statement: a statement that locked several could wait in a circle with a settlement's
            int renewed = jdbc.sql("UPDATE platform.credit_holds SET expires_at = :expires WHERE id = :id")
                    .param("expires", Timestamp.from(expires)).param("id", lease.id).update();
            lease.account.lock.lock();
            try {
                // a lease whose row is gone (it had lapsed) is carved from no more
                lease.expires = renewed == 1 ? expires : now;
            } finally {
                lease.account.lock.unlock();
            }
        }
        // leases that hold nothing any more, and lapsed ones (a stopped process's); rows another statement is changing
        // are left for the next time
        jdbc.sql("""
                DELETE FROM platform.credit_holds WHERE id IN (
                    SELECT id FROM platform.credit_holds WHERE amount_usd = 0 OR expires_at < :now
                    FOR UPDATE SKIP LOCKED)""")
                .param("now", Timestamp.from(now)).update();
    }

    /**
     * Gives back what the leases have not carved (this process stops holding). Should the database not answer, the
     * leases are left to lapse rather than each waiting for it in turn.
     */
    void close() {
        for (Account account : accounts.values()) {
            account.lock.lock();
            try {
                if (account.current != null) {
                    retire(account.current);
                }
            } catch (RuntimeException e) {
                log.warn("Could not give back credit leases; they lapse within {}: {}", LEASE_TTL, e.toString());
                return;
            } finally {
                account.lock.unlock();
            }
        }
    }

    /** A new lease for a hold of {@code usd}, made the account's current one; null when the credit cannot cover it. */
    private Lease lease(Account account, BigDecimal usd, Instant now) {
        int unsettled = account.retired.stream().mapToInt(l -> l.holds.size()).sum();
        BigDecimal target = usd.multiply(BigDecimal.valueOf(Math.max(account.sizeFactor, 2L * unsettled)));
        UUID id = UUID.randomUUID();
        Instant expires = now.plus(LEASE_TTL);
        Optional<BigDecimal> amount = reservations.reserve(new HoldQueue.Wanted(id, account.id, target, usd, REASON,
                expires, new CompletableFuture<>()));
        account.current = amount.map(a -> new Lease(id, account, a, expires)).orElse(null);
        return account.current;
    }

    /** Stops carving from {@code lease} and gives what it has not carved back to the account. */
    private void retire(Lease lease) {
        Account account = lease.account;
        account.current = null;
        lease.retired = true;
        BigDecimal back = lease.uncarved;
        lease.uncarved = BigDecimal.ZERO;
        if (!lease.holds.isEmpty()) {
            account.retired.add(lease);
        }
        shrink(lease.id, back);
    }

    private static void end(Hold hold) {
        if (!hold.lease.holds.remove(hold)) {
            throw new IllegalStateException("the hold was settled or released already");
        }
    }

    /** Ends {@code hold} if it lapsed at its deadline (ending it again is then an error); false if it had not. */
    private static boolean endLapsed(Hold hold) {
        boolean lapsed = hold.lapsed;
        hold.lapsed = false;
        return lapsed;
    }

    /** Gives an ended hold's credit back: to its lease, or once the lease is retired, to the account. */
    private void giveBack(Hold hold) {
        Lease lease = hold.lease;
        if (!lease.retired) {
            lease.uncarved = lease.uncarved.add(hold.amount);
            return;
        }
        if (lease.holds.isEmpty()) {
            lease.account.retired.remove(lease);
        }
        shrink(lease.id, hold.amount);
    }

    /**
     * Takes what {@code settlements} release off their leases in the database ({@link #takeOff}), once their charges
     * have committed (until then the lease's row covers them). Should it fail, it is logged: the leases then hold more
     * than they need until they lapse, which only leaves less credit available.
     */
    void shrink(List<Credits.Settlement> settlements) {
        List<Credits.Settlement> releasing = settlements.stream().filter(s -> s.releasedUsd().signum() > 0).toList();
        if (releasing.isEmpty()) {
            return;
        }
        try {
            takeOff(SqlColumns.column(releasing, "uuid", Credits.Settlement::leaseId),
                    SqlColumns.column(releasing, "numeric", Credits.Settlement::releasedUsd));
        } catch (RuntimeException e) {
            log.warn("Could not take {} settlements off their credit leases; they hold more until they lapse: {}",
                    releasing.size(), e.toString());
        }
    }

    /** Takes {@code usd} off the lease in the database, as {@link #takeOff} does. */
    private void shrink(UUID leaseId, BigDecimal usd) {
        takeOff(new SqlArrayValue("uuid", leaseId), new SqlArrayValue("numeric", usd));
    }

    /**
     * Takes each of {@code amounts} off the lease of {@code leaseIds} at the same place, in one statement of a
     * transaction of its own. This moves no money, so it does not wait for the disk: a crash can only leave more
     * credit held until the lease lapses.
     */
    private void takeOff(SqlArrayValue leaseIds, SqlArrayValue amounts) {
        transactions.executeWithoutResult(tx -> {
            jdbc.sql("SET LOCAL synchronous_commit = off").update();
            jdbc.sql("""
                    UPDATE platform.credit_holds h SET amount_usd = h.amount_usd - l.amount
                    FROM (SELECT lease_id, sum(amount) AS amount
                          FROM unnest(:leases, :amounts) AS s (lease_id, amount) GROUP BY lease_id) l
                    WHERE h.id = l.lease_id""")
                    .param("leases", leaseIds).param("amounts", amounts).update();
        });
    }
}
