package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.billing.Charge;
import dev.quintet.router.billing.CountableText;
import dev.quintet.router.billing.Reservation;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.generations.Attempt;
import dev.quintet.router.generations.Generation;
import dev.quintet.router.generations.Generations;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One chat request on its way through the endpoints: its generation id, what it reserved, the attempts made, and,
 * once an endpoint has answered, the charge and the generation record.
 */
final class Exchange {

    private static final Logger log = LoggerFactory.getLogger(Exchange.class);

    /** How an answer ended. */
    record Ending(String upstreamId, String finishReason, boolean streamed, boolean cancelled, long firstContentNanos) {
    }

    private final Caller caller;
    private final String id;
    private final String requestedModel;
    private final Reservation reservation;
    private final Generations generations;
    private final TransactionTemplate transactions;
    private final Instant createdAt;
    private final long startNanos = System.nanoTime();
    private final List<Attempt> attempts = new ArrayList<>();

    Exchange(Caller caller, String id, ChatRequest request, Reservation reservation, Generations generations,
             TransactionTemplate transactions, Clock clock) {
        this.caller = caller;
        this.id = id;
        this.requestedModel = request.models().getFirst();
        this.reservation = reservation;
        this.generations = generations;
        this.transactions = transactions;
        this.createdAt = clock.instant();
    }

    String id() {
        return id;
    }

    /** Pays for a call of {@code c} before it is made; the refusal when the caller cannot pay. */
    Optional<ApiException> cover(Candidate c) {
        Optional<ApiException> refusal = reservation.cover(c.model(), c.endpoint());
        refusal.ifPresent(e -> attempts.add(new Attempt(c.providerName(), c.model().id(), e.toError().status(), 0)));
        return refusal;
    }

    /** Notes one call of {@code c}, begun at {@code startedNanos}. */
    void attempted(Candidate c, int status, long startedNanos) {
        attempts.add(new Attempt(c.providerName(), c.model().id(), status, millisSince(startedNanos)));
    }

    Charge price(Candidate c, Optional<TokenUsage> reported, CountableText completion, boolean incomplete) {
        return reservation.price(c.model(), c.endpoint(), reported, completion, incomplete);
    }

    /**
     * Charges for the answer {@code c} gave and records the generation, in one transaction: one durable commit when
     * money moved; without a charge the record is committed without waiting for the disk. A record that cannot be
     * written is logged and never undoes the charge.
     */
    void finish(Candidate c, Charge charge, Ending ending) {
        Long ttft = ending.firstContentNanos() == 0 ? null : Math.max(0,
                TimeUnit.NANOSECONDS.toMillis(ending.firstContentNanos() - startNanos));
        Generation generation = new Generation(id, caller.accountId(), caller.keyId(), caller.requestId(),
                requestedModel, c.model().id(), c.providerName(), ending.upstreamId(), createdAt, ending.streamed(),
                ending.cancelled(), ending.finishReason(), charge.usage(), charge.estimated(), charge.cost(),
                millisSince(startNanos), ttft, attempts);
        transactions.executeWithoutResult(tx -> {
            if (!reservation.settle(c.model(), charge)) {
                generations.commitLazily();
            }
            Object savepoint = tx.createSavepoint();
            try {
                generations.add(generation);
                tx.releaseSavepoint(savepoint);
            } catch (RuntimeException e) {
                tx.rollbackToSavepoint(savepoint);
                log.error("Could not record generation {} (charged {} USD)", id, charge.cost().toPlainString(), e);
            }
        });
    }

    /** Ends a reservation that was not settled. */
    void release() {
        reservation.release();
    }

    private static long millisSince(long startedNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }
}
