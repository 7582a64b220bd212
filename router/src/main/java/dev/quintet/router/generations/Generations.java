package dev.quintet.router.generations;

import dev.quintet.router.billing.TokenUsage;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code router.generations} table: one row per chat request that reached the endpoints, served or failed.
 * Records of generations that moved no money (free models, failures) are written behind the answer: one thread
 * inserts what has collected in one transaction that commits without waiting for the disk, so a busy free model
 * costs the database a commit per batch rather than per request. Every read first waits for the records queued
 * before it, so a caller always finds the generation it was answered with.
 */
public final class Generations implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Generations.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int MAX_BATCH = 256;
    /** Records waiting at most; a request that finds the queue full waits for room (the database is behind). */
    private static final int MAX_QUEUED = 16_384;

    /** A record to write, or (without one) a mark that completes once everything queued before it is written. */
    private record Queued(Generation generation, CompletableFuture<Void> written) {
    }

    private static final Queued STOP = new Queued(null, new CompletableFuture<>());

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final BlockingQueue<Queued> queue = new LinkedBlockingQueue<>(MAX_QUEUED);
    private final Thread writer;
    private volatile boolean closed;

    public Generations(JdbcClient jdbc, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.writer = Thread.ofPlatform().name("router-generations").daemon().start(this::writeBehind);
    }

    /** Inserts {@code g} now, in the caller's transaction: for generations that moved money with it. */
    public void add(Generation g) {
        Generation.Failure failure = g.failure();
        jdbc.sql("""
                INSERT INTO router.generations (id, account_id, key_id, request_id, requested_model, model, provider,
                    upstream_id, created_at, streamed, cancelled, finish_reason, tokens_prompt, tokens_completion,
                    tokens_cached, tokens_cache_write, tokens_reasoning, usage_estimated, cost_usd, latency_ms,
                    time_to_first_token_ms, attempts, error_code, error_reason, error_message)
                VALUES (:id, :account, :key, :request, :requested, :model, :provider, :upstream, :created, :streamed,
                    :cancelled, :finish, :prompt, :completion, :cached, :cacheWrite, :reasoning, :estimated, :cost,
                    :latency, :ttft, CAST(:attempts AS jsonb), :errorCode, :errorReason, :errorMessage)""")
                .param("id", g.id()).param("account", g.accountId()).param("key", g.keyId())
                .param("request", g.requestId()).param("requested", g.requestedModel()).param("model", g.model())
                .param("provider", g.provider()).param("upstream", g.upstreamId())
                .param("created", Timestamp.from(g.createdAt())).param("streamed", g.streamed())
                .param("cancelled", g.cancelled()).param("finish", g.finishReason())
                .param("prompt", g.usage().prompt()).param("completion", g.usage().completion())
                .param("cached", g.usage().cached()).param("cacheWrite", g.usage().cacheWrite())
                .param("reasoning", g.usage().reasoning()).param("estimated", g.usageEstimated())
                .param("cost", g.cost()).param("latency", g.latencyMs()).param("ttft", g.timeToFirstTokenMs())
                .param("attempts", attemptsJson(g.attempts()))
                .param("errorCode", failure == null ? null : failure.code(), Types.INTEGER)
                .param("errorReason", failure == null ? null : failure.reason(), Types.VARCHAR)
                .param("errorMessage", failure == null ? null : failure.message(), Types.VARCHAR)
                .update();
    }

    /**
     * Queues {@code g}, a generation that moved no money, to be written behind the answer; a crash may lose the
     * latest few such records, but no money. A record that cannot be written is logged.
     */
    public void addLater(Generation g) {
        if (closed || !queued(new Queued(g, null))) {
            writeLazily(List.of(g));
        }
    }

    /** Waits until the records queued so far are written. */
    public void flush() {
        if (closed) {
            return;
        }
        Queued mark = new Queued(null, new CompletableFuture<>());
        if (queued(mark)) {
            mark.written().join();
        }
    }

    /** Writes what is queued and stops the writer. */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        queue.put(STOP);
        writer.join();
    }

    /** Queues {@code q}, waiting for room; false when interrupted meanwhile (the interrupt is kept). */
    private boolean queued(Queued q) {
        try {
            queue.put(q);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void writeBehind() {
        List<Queued> batch = new ArrayList<>();
        while (true) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                continue;
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            writeLazily(batch.stream().map(Queued::generation).filter(Objects::nonNull).toList());
            batch.stream().map(Queued::written).filter(Objects::nonNull).forEach(w -> w.complete(null));
            boolean stop = batch.contains(STOP);
            batch.clear();
            if (stop) {
                return;
            }
        }
    }

    /** Inserts {@code records} in one transaction that commits without waiting for the disk; one by one if that fails. */
    private void writeLazily(List<Generation> records) {
        if (records.isEmpty()) {
            return;
        }
        try {
            insertLazily(records);
        } catch (RuntimeException batchFailed) {
            for (Generation g : records) {
                try {
                    insertLazily(List.of(g));
                } catch (RuntimeException e) {
                    log.error("Could not record generation {}", g.id(), e);
                }
            }
        }
    }

    private void insertLazily(List<Generation> records) {
        transactions.executeWithoutResult(tx -> {
            jdbc.sql("SET LOCAL synchronous_commit = off").update();
            records.forEach(this::add);
        });
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

    /** What the key was charged for generations since {@code since}, in US dollars. */
    public BigDecimal spentByKey(UUID keyId, Instant since) {
        flush();
        return jdbc.sql("""
                SELECT coalesce(sum(cost_usd), 0) FROM router.generations
                WHERE key_id = :key AND created_at >= :since""")
                .param("key", keyId).param("since", Timestamp.from(since))
                .query(BigDecimal.class).single();
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
                rs.getString("finish_reason"),
                new TokenUsage(rs.getLong("tokens_prompt"), rs.getLong("tokens_completion"),
                        rs.getLong("tokens_cached"), rs.getLong("tokens_cache_write"), rs.getLong("tokens_reasoning")),
                rs.getBoolean("usage_estimated"), rs.getBigDecimal("cost_usd"), rs.getLong("latency_ms"),
                timeToFirstToken, attempts(rs.getString("attempts")), failure);
    }

    private static String attemptsJson(List<Attempt> attempts) {
        ArrayNode array = JSON.createArrayNode();
        for (Attempt a : attempts) {
            ObjectNode attempt = array.addObject().put("provider", a.provider()).put("model", a.model())
                    .put("status", a.status()).put("latency_ms", a.latencyMs());
            if (a.error() != null) {
                attempt.put("error", a.error());
            }
        }
        return JSON.writeValueAsString(array);
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
