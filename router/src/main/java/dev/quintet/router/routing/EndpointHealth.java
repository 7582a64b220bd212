package dev.quintet.router.routing;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What recent calls say about each endpoint, kept in memory: a sliding window of outcomes (success or failure,
 * latency, throughput) and, after failures, a cool-down during which the endpoint is tried only when nothing else
 * is left. Each failure in a row doubles the cool-down, from {@code coolDown} up to {@code maxCoolDown} (at least
 * the {@code Retry-After} the provider asked for, within the same cap); a success ends it. What counts is when each
 * call began: calls in flight when a cool-down begins neither end it by succeeding nor lengthen it by failing (many
 * calls failing together in one short outage are one failure, not a streak).
 */
public final class EndpointHealth {

    /** Outcomes kept per endpoint at most, however busy it is. */
    static final int MAX_OUTCOMES = 2_000;

    private final Clock clock;
    private final Duration window;
    private final Duration coolDown;
    private final Duration maxCoolDown;
    private final Map<String, EndpointRecord> records = new ConcurrentHashMap<>();

    public EndpointHealth(Clock clock, Duration window, Duration coolDown, Duration maxCoolDown) {
        if (window.isNegative() || window.isZero() || coolDown.isNegative() || maxCoolDown.compareTo(coolDown) < 0) {
            throw new IllegalArgumentException("health window must be > 0 and 0 <= cool-down <= max cool-down, got "
                    + window + ", " + coolDown + ", " + maxCoolDown);
        }
        this.clock = clock;
        this.window = window;
        this.coolDown = coolDown;
        this.maxCoolDown = maxCoolDown;
    }

    /**
     * A call that answered, begun at {@code startedNanos} ({@link System#nanoTime()}): {@code latency} until the
     * first content (streams) or the whole answer, and {@code generation} the time over which
     * {@code completionTokens} were produced.
     */
    void succeeded(Candidate c, long startedNanos, Duration latency, long completionTokens, Duration generation) {
        double seconds = generation.toNanos() / 1e9;
        Double throughput = completionTokens > 0 && seconds > 0 ? completionTokens / seconds : null;
        record(c).add(new EndpointRecord.Outcome(clock.instant(), true, latency.toMillis(), throughput), startedNanos,
                window, null);
    }

    /**
     * A call that failed by the endpoint's fault (unreachable, timed out, 401/403/404, 408, 429, 5xx, broken);
     * {@code startedNanos} is {@link System#nanoTime()} when it began.
     */
    void failed(Candidate c, long startedNanos, Optional<Duration> retryAfter) {
        Instant now = clock.instant();
        record(c).add(new EndpointRecord.Outcome(now, false, null, null), startedNanos, window,
                failures -> now.plus(coolDown(failures, retryAfter)));
    }

    /** The cool-down after {@code failures} in a row: doubling from the base, at least Retry-After, within the cap. */
    Duration coolDown(int failures, Optional<Duration> retryAfter) {
        Duration doubled = coolDown.multipliedBy(1L << Math.min(failures - 1, 20));
        Duration wait = doubled.compareTo(maxCoolDown) > 0 ? maxCoolDown : doubled;
        Duration asked = retryAfter.map(r -> r.compareTo(maxCoolDown) > 0 ? maxCoolDown : r).orElse(Duration.ZERO);
        return asked.compareTo(wait) > 0 ? asked : wait;
    }

    /** When the endpoint's cool-down ends, if it is cooling down now. */
    public Optional<Instant> coolingUntil(Model model, Endpoint endpoint) {
        EndpointRecord r = records.get(key(model, endpoint));
        Instant now = clock.instant();
        return r == null ? Optional.empty() : r.coolingUntil().filter(now::isBefore);
    }

    boolean coolingDown(Candidate c) {
        return coolingUntil(c.model(), c.endpoint()).isPresent();
    }

    /** The endpoint's figures over the window; empty figures when it has not been called lately. */
    public EndpointStats stats(Model model, Endpoint endpoint) {
        EndpointRecord r = records.get(key(model, endpoint));
        Instant now = clock.instant();
        return r == null ? EndpointStats.NONE : r.stats(now.minus(window), now.minus(Duration.ofMinutes(5)),
                coolingUntil(model, endpoint).orElse(null));
    }

    private EndpointRecord record(Candidate c) {
        return records.computeIfAbsent(key(c.model(), c.endpoint()), k -> new EndpointRecord());
    }

    /** The name of {@code model}'s {@code endpoint}: one per model and provider. */
    static String key(Model model, Endpoint endpoint) {
        return model.id() + "\n" + endpoint.provider();
    }
}
