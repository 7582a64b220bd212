package dev.quintet.router.generations;

import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.db.CopyRows;
import dev.quintet.platform.tasks.Batches;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.Ledger;
import dev.quintet.router.billing.Settlement;
import dev.quintet.router.billing.TokenUsage;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code router.generations} table: one row per chat request that reached the endpoints, served or failed.
 * Records are written by one thread, which inserts what has collected in one transaction: a busy router costs the
 * database one statement and one commit per batch rather than several per request. All records are written behind
 * the answer. A record of a generation that moved money comes with its charge ({@link #addCharged}) and is written at
 * once: the charges of a batch are made in the same transaction, which commits waiting for the disk, and until it
 * has, the charge's hold keeps that credit reserved. Records of generations that moved no money (free models,
 * failures; {@link #addLater}) collect for up to {@link #LINGER} unless a charge or a read comes sooner, and a batch
 * of only those commits without waiting for the disk. Every read first waits for the records queued before it, so
 * a caller always finds the generation it was answered with, and its charge.
 */
public final class Generations implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Generations.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int MAX_BATCH = 256;
    /** The table and the columns a record is copied into, in {@link #insert}'s order. */
    private static final String COLUMNS = """
            router.generations (id, account_id, key_id, request_id, requested_model, model, provider, upstream_id,
                created_at, streamed, cancelled, finish_reason, tokens_prompt, tokens_completion, tokens_cached,
                tokens_cache_write, tokens_reasoning, usage_estimated, cost_usd, latency_ms, time_to_first_token_ms,
                attempts, error_code, error_reason, error_message, native_finish_reason, tokens_cache_write_1h)""";
    /** Records waiting at most; a request that finds the queue full waits for room (the database is behind). */
    private static final int MAX_QUEUED = 16_384;
    /** How long records nobody waits for may collect before they are written, unless one somebody waits for comes. */
    static final Duration LINGER = Duration.ofMillis(50);

    /**
     * A record to write, with its charge when it moved money; or, without a record, a mark whose future completes
     * once everything queued before it is written.
     */
    private record Queued(Generation generation, Settlement charge, CompletableFuture<Void> written) {
    }

    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Credits credits;
    private final KeyLimits keyLimits;
    private final Batches<Queued> writer;

    public Generations(DataSource dataSource, TransactionTemplate transactions, Credits credits, KeyLimits keyLimits) {
        this.dataSource = dataSource;
        this.jdbc = JdbcClient.create(dataSource);
        this.transactions = transactions;
        this.credits = credits;
        this.keyLimits = keyLimits;
        this.writer = new Batches<>("router-generations", MAX_BATCH, MAX_QUEUED, LINGER,
                q -> q.written() != null || q.charge() != null, this::write);
    }

    /** Inserts {@code g} now and adds its cost to its key's spending, in the caller's transaction if there is one. */
    public void add(Generation g) {
        transactions.executeWithoutResult(tx -> {
            insert(List.of(g));
            keyLimits.settle(List.of(new KeyLimits.KeyCharge(g.keyId(), g.createdAt(), Ledger.charged(g.cost()),
                    null)));
        });
    }

    /**
     * Queues {@code g} with {@code charge}, to be written at once in a transaction that makes the charge and waits for
     * the disk; returns without waiting for it. A record that cannot be written is logged and never undoes the
     * charge; a charge whose transaction fails is logged and not tried again (see {@link #write}).
     */
    public void addCharged(Generation g, Settlement charge) {
        Queued q = new Queued(g, charge, null);
        if (!writer.queued(q)) {
            write(List.of(q));
        }
    }

    /**
     * Queues {@code g}, a generation that moved no money, to be written behind the answer (within {@link #LINGER}
     * and a write); a crash may lose the latest such records, but no money. A record that cannot be written is logged.
     */
    public void addLater(Generation g) {
        Queued q = new Queued(g, null, null);
        if (!writer.queued(q)) {
            write(List.of(q));
        }
    }

    /** Waits until the records queued so far are written. */
    public void flush() {
        Queued mark = new Queued(null, null, new CompletableFuture<>());
        if (writer.queued(mark)) {
            mark.written().join();
        }
    }

    /** Writes what is queued and stops the writer. */
    @Override
    public void close() throws InterruptedException {
        writer.close();
    }

    /**
     * Writes the records of {@code batch} in one transaction, then completes what waits for them. When that
     * transaction fails, the charges of the batch fail with it and are not tried again (had the failure come after
     * the commit was made, a second try would charge twice): each is logged, and what it would have charged stays
     * reserved until its lease lapses, minutes later. Each record without a charge is tried again alone, unless the
     * database could not be reached (each try would wait for a connection in vain).
     */
    private void write(List<Queued> batch) {
        List<Queued> records = batch.stream().filter(q -> q.generation() != null).toList();
        try {
            writeTogether(records);
        } catch (RuntimeException failed) {
            boolean unreachable = !(failed instanceof DataAccessException)
                    || failed instanceof DataAccessResourceFailureException;
            log.error("Could not record {} generations{}", records.size(),
                    unreachable ? ": the database could not be reached" : "", failed);
            for (Queued q : records) {
                if (q.charge() != null) {
                    log.error("Could not charge {} USD to account {} for generation {}",
                            q.charge().credit().spentUsd().toPlainString(), q.charge().credit().accountId(),
                            q.generation().id());
                } else if (!unreachable) {
                    try {
                        writeTogether(List.of(q));
                    } catch (RuntimeException e) {
                        log.error("Could not record generation {}", q.generation().id(), e);
                    }
                }
            }
        }
        batch.stream().map(Queued::written).filter(Objects::nonNull).forEach(w -> w.complete(null));
    }

    /**
     * Makes the charges of {@code records} and inserts the records, in one transaction that waits for the disk
     * when there are charges. Records that cannot be inserted are logged, one by one, and undo no charge: should the
     * records' statement fail, that transaction is rolled back (so nothing of it was made) and the batch made again
     * with each record under a savepoint of its own.
     */
    private void writeTogether(List<Queued> records) {
        if (records.isEmpty()) {
            return;
        }
        List<Queued> charges = records.stream().filter(q -> q.charge() != null).toList();
        List<Generation> generations = records.stream().map(Queued::generation).toList();
        Boolean together = transactions.execute(tx -> {
            settleOrSkipTheDisk(charges);
            try {
                insert(generations);
                return true;
            } catch (RuntimeException e) {
                log.debug("Could not insert {} generation records together", generations.size(), e);
                tx.setRollbackOnly();
                return false;
            }
        });
        if (!Boolean.TRUE.equals(together)) {
            transactions.executeWithoutResult(tx -> {
                settleOrSkipTheDisk(charges);
                for (Generation g : generations) {
                    if (!inserted(tx, g)) {
                        log.error("Could not record generation {} (charged {} USD)", g.id(), g.cost().toPlainString());
                    }
                }
            });
        }
    }

    /**
     * Makes the charges of {@code charged} (to the accounts' credit, and to the keys' spending, ending their holds on
     * the keys' limits); without any, lets the transaction commit without waiting for the disk.
     */
    private void settleOrSkipTheDisk(List<Queued> charged) {
        if (charged.isEmpty()) {
            jdbc.sql("SET LOCAL synchronous_commit = off").update();
            return;
        }
        credits.settle(charged.stream().map(q -> q.charge().credit()).toList());
        keyLimits.settle(charged.stream().map(q -> new KeyLimits.KeyCharge(q.generation().keyId(),
                q.generation().createdAt(), q.charge().credit().spentUsd(), q.charge().keyHold())).toList());
    }

    /** Inserts {@code g} under a savepoint; false, with the savepoint rolled back, when that failed. */
    private boolean inserted(TransactionStatus tx, Generation g) {
        Object savepoint = tx.createSavepoint();
        try {
            insert(List.of(g));
            tx.releaseSavepoint(savepoint);
            return true;
        } catch (RuntimeException e) {
            tx.rollbackToSavepoint(savepoint);
            log.debug("Could not insert generation record {}", g.id(), e);
            return false;
        }
    }

    /** Inserts {@code records} in one statement (a COPY). */
    private void insert(List<Generation> records) {
        CopyRows rows = new CopyRows();
        for (Generation g : records) {
            TokenUsage usage = g.usage();
            Generation.Failure failure = g.failure();
            rows.add(g.id(), g.accountId(), g.keyId(), g.requestId(), g.requestedModel(), g.model(), g.provider(),
                    g.upstreamId(), g.createdAt(), g.streamed(), g.cancelled(), g.finishReason(), usage.prompt(),
                    usage.completion(), usage.cached(), usage.cacheWrite(), usage.reasoning(), g.usageEstimated(),
                    g.cost(), g.latencyMs(), g.timeToFirstTokenMs(),
                    JSON.writeValueAsString(attemptsJson(g.attempts())),
                    failure == null ? null : failure.code(), failure == null ? null : failure.reason(),
                    failure == null ? null : failure.message(), g.nativeFinishReason(), usage.cacheWrite1h());
        }
        rows.into(dataSource, COLUMNS);
    }

    /** The generation {@code id} if it belongs to {@code accountId}. */
    public Optional<Generation> find(String id, UUID accountId) {
        flush();
        return jdbc.sql("SELECT * FROM router.generations WHERE id = :id AND account_id = :account")
                .param("id", id).param("account", accountId)
                .query(Generations::row).optional();
    }

    /** The account's latest {@code limit} generations, newest first. */
    public List<Generation> recent(UUID accountId, int limit) {
        flush();
        return jdbc.sql("""
                SELECT * FROM router.generations WHERE account_id = :account
                ORDER BY created_at DESC, id DESC LIMIT :limit""")
                .param("account", accountId).param("limit", limit)
                .query(Generations::row).list();
    }

    /**
     * The account's served generations from {@code first} to {@code last} (UTC days, inclusive) per day, model and
     * provider; failed ones used nothing and are left out.
     */
    public List<Activity> activity(UUID accountId, LocalDate first, LocalDate last) {
        flush();
        return jdbc.sql("""
                SELECT (created_at AT TIME ZONE 'UTC')::date AS day, model, provider, sum(cost_usd) AS cost,
                       count(*) AS requests, sum(tokens_prompt) AS prompt, sum(tokens_completion) AS completion,
                       sum(tokens_reasoning) AS reasoning
                FROM router.generations
                WHERE account_id = :account AND created_at >= :from AND created_at < :to AND error_code IS NULL
                GROUP BY day, model, provider
                ORDER BY day DESC, cost DESC, requests DESC, model, provider""")
                .param("account", accountId)
                .param("from", Timestamp.from(first.atStartOfDay(ZoneOffset.UTC).toInstant()))
                .param("to", Timestamp.from(last.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()))
                .query((rs, n) -> new Activity(rs.getObject("day", LocalDate.class), rs.getString("model"),
                        rs.getString("provider"), rs.getBigDecimal("cost"), rs.getLong("requests"),
                        rs.getLong("prompt"), rs.getLong("completion"), rs.getLong("reasoning")))
                .list();
    }

    private static Generation row(ResultSet rs, int n) throws SQLException {
        long ttft = rs.getLong("time_to_first_token_ms");
        Long timeToFirstToken = rs.wasNull() ? null : ttft;
        int errorCode = rs.getInt("error_code");
        Generation.Failure failure = rs.wasNull() ? null
                : new Generation.Failure(errorCode, rs.getString("error_reason"), rs.getString("error_message"));
        return new Generation(rs.getString("id"), rs.getObject("account_id", UUID.class),
                rs.getObject("key_id", UUID.class), rs.getString("request_id"), rs.getString("requested_model"),
                rs.getString("model"), rs.getString("provider"), rs.getString("upstream_id"),
                rs.getTimestamp("created_at").toInstant(), rs.getBoolean("streamed"), rs.getBoolean("cancelled"),
                rs.getString("finish_reason"), rs.getString("native_finish_reason"),
                new TokenUsage(rs.getLong("tokens_prompt"), rs.getLong("tokens_completion"),
                        rs.getLong("tokens_cached"), rs.getLong("tokens_cache_write"), rs.getLong("tokens_reasoning"),
                        rs.getLong("tokens_cache_write_1h")),
                rs.getBoolean("usage_estimated"), rs.getBigDecimal("cost_usd"), rs.getLong("latency_ms"),
                timeToFirstToken, attempts(rs.getString("attempts")), failure);
    }

    private static ArrayNode attemptsJson(List<Attempt> attempts) {
        ArrayNode array = JSON.createArrayNode();
        for (Attempt a : attempts) {
            ObjectNode attempt = array.addObject().put("provider", a.provider()).put("model", a.model())
                    .put("status", a.status()).put("latency_ms", a.latencyMs());
            if (a.error() != null) {
                attempt.put("error", a.error());
            }
        }
        return array;
    }

    private static List<Attempt> attempts(String json) {
        List<Attempt> out = new ArrayList<>();
        for (JsonNode a : JSON.readTree(json)) {
            out.add(new Attempt(a.path("provider").asString(), a.path("model").asString(), a.path("status").asInt(),
                    a.path("error").asString(null), a.path("latency_ms").asLong()));
        }
        return out;
    }
}
