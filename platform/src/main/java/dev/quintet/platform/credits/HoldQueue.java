package dev.quintet.platform.credits;

import dev.quintet.platform.tasks.Batches;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reserves holds in batches: one thread takes every hold asked for while its last statement ran into the next one
 * ({@code platform.credit_holds_reserve}, migration V7), so that the concurrent requests of one account share one
 * turn on the account instead of queueing for a turn each. A caller waits for the statement that holds its hold.
 */
final class HoldQueue implements AutoCloseable {

    private static final int MAX_BATCH = 256;

    /** A hold asked for, and what completes with whether it was reserved. */
    record Wanted(UUID id, UUID accountId, BigDecimal amount, String reason, Instant expires,
                  CompletableFuture<Boolean> held) {
    }

    private final JdbcClient jdbc;
    private final Clock clock;
    private final int lockClass;
    private final int foldAfter;
    private final Batches<Wanted> batches;

    HoldQueue(JdbcClient jdbc, Clock clock, int lockClass, int foldAfter) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.lockClass = lockClass;
        this.foldAfter = foldAfter;
        this.batches = new Batches<>("credit-holds", MAX_BATCH, Integer.MAX_VALUE, this::reserve);
    }

    /** Whether {@code wanted} was reserved, once the statement that took it has committed. */
    boolean reserve(Wanted wanted) {
        if (!batches.queued(wanted)) {
            reserve(List.of(wanted));
        }
        try {
            return wanted.held().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Reserves what is queued and stops the thread. */
    @Override
    public void close() throws InterruptedException {
        batches.close();
    }

    /**
     * Reserves {@code batch} in one statement; when that fails, each hold in a statement of its own, so that one
     * that cannot be reserved fails alone. (Had the failed statement committed after all, the second tries fail on
     * the holds' ids, and the holds lapse unsettled: more credit is held than needed for a while, never less.)
     */
    private void reserve(List<Wanted> batch) {
        try {
            reserveTogether(batch);
        } catch (RuntimeException together) {
            for (Wanted w : batch) {
                try {
                    reserveTogether(List.of(w));
                } catch (RuntimeException e) {
                    w.held().completeExceptionally(e);
                }
            }
        }
    }

    private void reserveTogether(List<Wanted> batch) {
        if (batch.isEmpty()) {
            return;
        }
        Set<UUID> held = new HashSet<>(jdbc.sql("""
                SELECT platform.credit_holds_reserve(:class, :accounts, :ids, :amounts, :reasons, :expires, :now,
                    :foldAfter)""")
                .param("class", lockClass)
                .param("accounts", Credits.column(batch, "uuid", Wanted::accountId))
                .param("ids", Credits.column(batch, "uuid", Wanted::id))
                .param("amounts", Credits.column(batch, "numeric", Wanted::amount))
                .param("reasons", Credits.column(batch, "text", Wanted::reason))
                .param("expires", Credits.column(batch, "timestamptz", w -> Timestamp.from(w.expires())))
                .param("now", Timestamp.from(clock.instant()))
                .param("foldAfter", foldAfter)
                .query(UUID.class).list());
        batch.forEach(w -> w.held().complete(held.contains(w.id())));
    }
}
