package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.billing.Charge;
import dev.quintet.router.billing.CountableText;
import dev.quintet.router.billing.Reservation;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.generations.Attempt;
import dev.quintet.router.generations.Generation;
import dev.quintet.router.generations.Generations;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One chat request on its way through the endpoints: its generation id, what it reserved, the attempts made, and,
 * once an endpoint has answered, the charge and the generation record; or, when none did, the record of the failure.
 */
final class Exchange {

    /** How an answer ended. */
    record Ending(String upstreamId, String finishReason, String nativeFinishReason, boolean cancelled,
                  long firstContentNanos) {
    }

    private final Caller caller;
    private final String id;
    private final String requestedModel;
    private final boolean streamed;
    private final Reservation reservation;
    private final Generations generations;
    private final Instant createdAt;
    private final long startNanos = System.nanoTime();
    private final List<Attempt> attempts = new ArrayList<>();

    Exchange(Caller caller, String id, ChatRequest request, Reservation reservation, Generations generations,
             Clock clock) {
        this.caller = caller;
        this.id = id;
        this.requestedModel = request.models().getFirst();
        this.streamed = request.stream();
        this.reservation = reservation;
        this.generations = generations;
        this.createdAt = clock.instant();
    }

    String id() {
        return id;
    }

    /** Pays for a call of {@code c} before it is made; the refusal when the caller cannot pay. */
    Optional<ApiException> cover(Candidate c) {
        Optional<ApiException> refusal = reservation.cover(c.model(), c.endpoint());
        refusal.ifPresent(e -> attempts.add(new Attempt(c.providerName(), c.model().id(), e.toError().status(),
                e.toError().code(), 0)));
        return refusal;
    }

    /** Notes one call of {@code c}, begun at {@code startedNanos}, that answered. */
    void answered(Candidate c, long startedNanos) {
        attempted(c, 200, null, startedNanos);
    }

    /**
     * Notes one call of {@code c}, begun at {@code startedNanos}, that gave no answer: the status it came with (0
     * when none came) and the kind of failure, one of {@link Attempt}'s.
     */
    void attempted(Candidate c, int status, String error, long startedNanos) {
        attempts.add(new Attempt(c.providerName(), c.model().id(), status, error, millisSince(startedNanos)));
    }

    Charge price(Candidate c, Optional<TokenUsage> reported, CountableText completion, boolean incomplete) {
        return reservation.price(c.model(), c.endpoint(), reported, completion, incomplete);
    }

    /**
     * Charges for the answer {@code c} gave and records the generation, behind the answer: in one transaction with
     * one durable commit, shared with the charges of other requests finishing at the same time
     * ({@link Generations#addCharged}); until it commits, the hold keeps the charge's credit reserved. A generation
     * that moved no money is recorded likewise, without a charge ({@link Generations#addLater}). A record that cannot
     * be written is logged and never undoes the charge.
     */
    void finish(Candidate c, Charge charge, Ending ending) {
        Long ttft = ending.firstContentNanos() == 0 ? null : Math.max(0,
                TimeUnit.NANOSECONDS.toMillis(ending.firstContentNanos() - startNanos));
        Generation generation = new Generation(id, caller.accountId(), caller.keyId(), caller.requestId(),
                requestedModel, c.model().id(), c.providerName(), ending.upstreamId(), createdAt, streamed,
                ending.cancelled(), ending.finishReason(), ending.nativeFinishReason(), charge.usage(),
                charge.estimated(), charge.cost(), millisSince(startNanos), ttft, attempts, null);
        if (reservation.holds()) {
            generations.addCharged(generation, reservation.settlement(c.model(), charge));
        } else {
            generations.addLater(generation);
        }
    }

    /**
     * Ends a request no endpoint answered: releases what was reserved, charging nothing, and records the generation
     * as failed with {@code error}, the error its caller gets ({@code cancelled} when the caller left first). A
     * record that cannot be written is logged; the caller still gets the error.
     *
     * @return {@code error} as the failure of this generation, to answer with
     */
    FailedGeneration fail(ApiException error, boolean cancelled) {
        reservation.release();
        ApiError e = error.toError();
        String lastModel = attempts.isEmpty() ? requestedModel : attempts.getLast().model();
        generations.addLater(new Generation(id, caller.accountId(), caller.keyId(), caller.requestId(),
                requestedModel, lastModel, null, null, createdAt, streamed, cancelled, "error", null, TokenUsage.NONE,
                false, BigDecimal.ZERO, millisSince(startNanos), null, attempts,
                new Generation.Failure(e.status(), e.code(), e.detail())));
        return new FailedGeneration(error, id);
    }

    /** Ends a reservation that was not settled. */
    void release() {
        reservation.release();
    }

    private static long millisSince(long startedNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }
}
