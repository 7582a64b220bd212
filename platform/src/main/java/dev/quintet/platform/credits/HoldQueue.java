package dev.quintet.platform.credits;

import dev.quintet.platform.db.SqlColumns;
import dev.quintet.platform.tasks.Batches;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reserves holds (the leases of {@link Leases}) in batches: one thread takes every hold asked for while its last
 * statement ran into the next one ({@code platform.credit_holds_reserve}, migration V9), so that the holds of many
 * accounts, or of one, share one statement. A caller waits for the statement that reserves its hold.
 */
final class HoldQueue implements AutoCloseable {

    private static final int MAX_BATCH = 256;

    /**
     * A hold asked for: as much of {@code amount} as the account has available, if that is at least
     * {@code minimum}; and what completes with the amount reserved, or null when none was.
     */
    record Wanted(UUID id, UUID accountId, BigDecimal amount, BigDecimal minimum, String reason, Instant expires,
                  CompletableFuture<BigDecimal> held) {
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

    /** The amount reserved for {@code wanted}, once the statement that took it has committed. */
    Optional<BigDecimal> reserve(Wanted wanted) {
        if (!batches.queued(wanted)) {
            reserve(List.of(wanted));
        }
        try {
            return Optional.ofNullable(wanted.held().join());
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
        Map<UUID, BigDecimal> held = new HashMap<>();
        jdbc.sql("""
                SELECT hold_id, amount_usd FROM platform.credit_holds_reserve(:class, :accounts, :ids, :amounts,
                    :minimums, :reasons, :expires, :now, :foldAfter)""")
                .param("class", lockClass)
                .param("accounts", SqlColumns.column(batch, "uuid", Wanted::accountId))
                .param("ids", SqlColumns.column(batch, "uuid", Wanted::id))
                .param("amounts", SqlColumns.column(batch, "numeric", Wanted::amount))
                .param("minimums", SqlColumns.column(batch, "numeric", Wanted::minimum))
                .param("reasons", SqlColumns.column(batch, "text", Wanted::reason))
                .param("expires", SqlColumns.column(batch, "timestamptz", w -> Timestamp.from(w.expires())))
                .param("now", Timestamp.from(clock.instant()))
                .param("foldAfter", foldAfter)
                .query(rs -> {
                    held.put(rs.getObject("hold_id", UUID.class), rs.getBigDecimal("amount_usd"));
                });
        batch.forEach(w -> w.held().complete(held.get(w.id())));
    }
}
