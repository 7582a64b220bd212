package dev.quintet.router.billing;

import static dev.quintet.platform.db.SqlColumns.column;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spending limits of keys and what keys spent (tables {@code router.key_limits}, {@code router.key_spending} and
 * {@code router.key_holds}, migration V6). A paid request of a key with a limit holds the most it can cost against
 * the limit before it is sent ({@link #hold}); the hold ends with the charge, in the transaction that adds the charge
 * to the key's spending ({@link #settle}), or is released. Holds of one key take turns in the database, so concurrent
 * requests, in one process or many, never hold more than the limit leaves. What a key spent is kept by UTC day for
 * every key, so that a limit counts what was spent in its window before it was set.
 *
 * <p>For its requests, whether a key has a limit is read again in the background at the key's first request once
 * {@link #CACHE_TTL} has passed since it was last read, and used from when that read ends: a limit set through this
 * process applies at once, one set through another a little over that time later. A key not used for
 * {@link #FORGET_AFTER} is read afresh. What the key's figures show ({@link #current}) is always read afresh.
 */
public final class KeyLimits {

    private static final Logger log = LoggerFactory.getLogger(KeyLimits.class);
    static final Duration CACHE_TTL = Duration.ofSeconds(2);
    static final Duration FORGET_AFTER = Duration.ofMinutes(1);
    /** How many shards of a key's daily spending there are; each process adds to one (see migration V6). */
    public static final int SHARDS = 64;
    /** The first key of the advisory locks that make changes of one key's limit take turns. */
    static final int LOCK_CLASS = 0x4B4C494D;

    /** A hold against the limit of key {@code keyId}, of {@code usd}. */
    public record KeyHold(UUID id, UUID keyId, BigDecimal usd) {
    }

    /**
     * What a hold against a limit found: the limit, what the key spent in its window, what its other unsettled holds
     * hold, and the hold, empty when the limit less those two did not cover it.
     */
    record Outcome(KeyLimit limit, BigDecimal spent, BigDecimal held, Optional<KeyHold> hold) {

        /** What the limit leaves once the key's spending and its other holds are counted (negative when over). */
        BigDecimal remaining() {
            return limit.usd().subtract(spent).subtract(held);
        }
    }

    /** What a key was charged in all, and in the day, ISO week and month (UTC) that hold today. */
    public record Spending(BigDecimal total, BigDecimal daily, BigDecimal weekly, BigDecimal monthly) {

        /** What counts against a limit that resets at {@code reset}: all of it without a reset. */
        public BigDecimal in(LimitReset reset) {
            return reset == null ? total : switch (reset) {
                case DAILY -> daily;
                case WEEKLY -> weekly;
                case MONTHLY -> monthly;
            };
        }
    }

    /**
     * One charge to a key: {@code usd} spent at {@code at} (the generation's creation), ending {@code hold} if it
     * was made under one.
     */
    public record KeyCharge(UUID keyId, Instant at, BigDecimal usd, KeyHold hold) {
    }

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final Duration holdTtl;
    private final int shard;
    private final LoadingCache<UUID, Optional<KeyLimit>> limits;

    /** @param shard this process's shard of the keys' spending, from 0 to {@link #SHARDS} - 1, drawn at random */
    public KeyLimits(JdbcClient jdbc, TransactionTemplate transactions, Clock clock, Duration holdTtl, int shard) {
        if (shard < 0 || shard >= SHARDS) {
            throw new IllegalArgumentException("the shard must be from 0 to " + (SHARDS - 1) + ", got " + shard);
        }
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.holdTtl = holdTtl;
        this.shard = shard;
        this.limits = Caffeine.newBuilder().maximumSize(100_000).refreshAfterWrite(CACHE_TTL)
                .expireAfterAccess(FORGET_AFTER).executor(Executors.newVirtualThreadPerTaskExecutor())
                .build(this::current);
    }

    /** The limit of key {@code keyId}, if it has one. */
    public Optional<KeyLimit> of(UUID keyId) {
        return limits.get(keyId);
    }

    /**
     * Changes the limit of key {@code keyId}, of account {@code accountId}: {@code change} is given the limit as it
     * stands, read afresh while changes of the key's limit take turns (an advisory lock, which also covers a key
     * without a limit row yet), and returns the new one, or empty to remove it; it may throw to change nothing.
     * Returns the new limit.
     */
    public Optional<KeyLimit> update(UUID accountId, UUID keyId, UnaryOperator<Optional<KeyLimit>> change) {
        Optional<KeyLimit> changed = transactions.execute(tx -> {
            jdbc.sql("SELECT pg_advisory_xact_lock(:class, hashtext(CAST(:key AS text)))")
                    .param("class", LOCK_CLASS).param("key", keyId).query(rs -> { });
            Optional<KeyLimit> limit = change.apply(current(keyId));
            if (limit.isEmpty()) {
                jdbc.sql("DELETE FROM router.key_limits WHERE key_id = :key").param("key", keyId).update();
                return limit;
            }
            jdbc.sql("""
                    INSERT INTO router.key_limits (key_id, account_id, limit_usd, limit_reset, updated_at)
                    VALUES (:key, :account, :usd, :reset, :now)
                    ON CONFLICT (key_id) DO UPDATE SET limit_usd = EXCLUDED.limit_usd,
                        limit_reset = EXCLUDED.limit_reset, updated_at = EXCLUDED.updated_at""")
                    .param("key", keyId).param("account", accountId).param("usd", limit.get().usd())
                    .param("reset", limit.get().reset() == null ? null : limit.get().reset().wireName())
                    .param("now", Timestamp.from(clock.instant())).update();
            return limit;
        });
        limits.invalidate(keyId);
        return changed;
    }

    /**
     * Holds {@code usd} against the limit of key {@code keyId} if what it leaves in the current window covers it;
     * empty when the key has no limit (any more).
     */
    Optional<Outcome> hold(UUID keyId, BigDecimal usd) {
        Instant now = clock.instant();
        UUID id = UUID.randomUUID();
        return jdbc.sql("SELECT * FROM router.key_hold(:key, :id, :usd, :now, :expires)")
                .param("key", keyId).param("id", id).param("usd", usd).param("now", Timestamp.from(now))
                .param("expires", Timestamp.from(now.plus(holdTtl)))
                .query((rs, row) -> new Outcome(
                        new KeyLimit(rs.getBigDecimal("limit_usd"), reset(rs.getString("limit_reset"))),
                        rs.getBigDecimal("spent_usd"), rs.getBigDecimal("held_usd"),
                        rs.getBoolean("held") ? Optional.of(new KeyHold(id, keyId, usd)) : Optional.empty()))
                .optional();
    }

    /**
     * Ends {@code hold} without a charge. Should the database not answer, it is logged: the hold then counts against
     * the limit until it lapses, which only leaves less of the limit to spend.
     */
    void release(KeyHold hold) {
        try {
            jdbc.sql("SELECT router.key_holds_release(:ids)").param("ids", new SqlArrayValue("uuid", hold.id()))
                    .query(rs -> { });
        } catch (RuntimeException e) {
            log.warn("Could not release hold {} on the limit of key {}; it counts until it lapses: {}", hold.id(),
                    hold.keyId(), e.toString());
        }
    }

    /**
     * Adds {@code charges} to their keys' spending and ends the holds they were made under, in the caller's
     * transaction: the charges and the holds' ends commit together. Rows are locked in one order (spending by key
     * and day, holds by id), so that two processes settling at once do not wait for each other in a circle.
     */
    public void settle(List<KeyCharge> charges) {
        List<KeyCharge> spent = charges.stream().filter(c -> c.usd().signum() > 0).toList();
        if (!spent.isEmpty()) {
            jdbc.sql("""
                    INSERT INTO router.key_spending AS s (key_id, day, shard, spent_usd)
                    SELECT key_id, (at AT TIME ZONE 'UTC')::date AS day, :shard, sum(usd)
                    FROM unnest(:keys, :ats, :usds) AS c (key_id, at, usd)
                    GROUP BY 1, 2 ORDER BY 1, 2
                    ON CONFLICT (key_id, day, shard) DO UPDATE SET spent_usd = s.spent_usd + EXCLUDED.spent_usd""")
                    .param("shard", shard)
                    .param("keys", column(spent, "uuid", KeyCharge::keyId))
                    .param("ats", column(spent, "timestamptz", c -> Timestamp.from(c.at())))
                    .param("usds", column(spent, "numeric", KeyCharge::usd))
                    .update();
        }
        List<KeyCharge> held = charges.stream().filter(c -> c.hold() != null).toList();
        if (!held.isEmpty()) {
            jdbc.sql("""
                    DELETE FROM router.key_holds WHERE id IN (
                        SELECT id FROM router.key_holds WHERE id = ANY (:ids) ORDER BY id FOR UPDATE)""")
                    .param("ids", column(held, "uuid", c -> c.hold().id())).update();
        }
    }

    /**
     * What key {@code keyId} was charged for generations created in each window that holds today (UTC). Charges are
     * added behind the answer: a caller that must find those of answers it has had waits for them first.
     */
    public Spending spending(UUID keyId) {
        LocalDate today = today();
        return jdbc.sql("""
                SELECT coalesce(sum(spent_usd), 0) AS total,
                       coalesce(sum(spent_usd) FILTER (WHERE day >= :day), 0) AS daily,
                       coalesce(sum(spent_usd) FILTER (WHERE day >= :week), 0) AS weekly,
                       coalesce(sum(spent_usd) FILTER (WHERE day >= :month), 0) AS monthly
                FROM router.key_spending WHERE key_id = :key""")
                .param("key", keyId).param("day", LimitReset.DAILY.start(today))
                .param("week", LimitReset.WEEKLY.start(today)).param("month", LimitReset.MONTHLY.start(today))
                .query((rs, row) -> new Spending(rs.getBigDecimal("total"), rs.getBigDecimal("daily"),
                        rs.getBigDecimal("weekly"), rs.getBigDecimal("monthly")))
                .single();
    }

    /**
     * Deletes holds past their expiry (they count no more); to be called now and then. Rows a settlement is ending
     * are left to it.
     */
    public void tend() {
        jdbc.sql("""
                DELETE FROM router.key_holds WHERE id IN (
                    SELECT id FROM router.key_holds WHERE expires_at < :now FOR UPDATE SKIP LOCKED)""")
                .param("now", Timestamp.from(clock.instant())).update();
    }

    /** Today, in UTC. */
    public LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    /** The limit of key {@code keyId} as the database has it now (not as this process last read it). */
    public Optional<KeyLimit> current(UUID keyId) {
        return jdbc.sql("SELECT limit_usd, limit_reset FROM router.key_limits WHERE key_id = :key")
                .param("key", keyId)
                .query((rs, row) -> new KeyLimit(rs.getBigDecimal("limit_usd"), reset(rs.getString("limit_reset"))))
                .optional();
    }

    private static LimitReset reset(String name) {
        return name == null ? null : LimitReset.named(name).orElseThrow();
    }
}
