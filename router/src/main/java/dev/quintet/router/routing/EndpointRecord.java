package dev.quintet.router.routing;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/** The recent outcomes of one endpoint and its cool-down; every method holds the record's lock. */
final class EndpointRecord {

    /** One call: when it ended, whether it succeeded, its latency (ms) and throughput (tokens/s) where known. */
    record Outcome(Instant at, boolean ok, Long latencyMillis, Double tokensPerSecond) {
    }

    private final Deque<Outcome> outcomes = new ArrayDeque<>();
    private int failuresInARow;
    private Instant coolingUntil;
    /** {@link System#nanoTime()} when the last counted failure set the cool-down; calls begun before it are older. */
    private long coolingSetNanos;

    /**
     * Adds {@code outcome} of a call begun at {@code startedNanos}; for a failure, {@code coolDown} gives the end of
     * the cool-down from the failures in a row. A call begun before the last counted failure was in flight when it
     * came: its success does not end the cool-down, and its failure does not count again.
     */
    synchronized void add(Outcome outcome, long startedNanos, Duration window, IntFunction<Instant> coolDown) {
        outcomes.addLast(outcome);
        Instant oldest = outcome.at().minus(window);
        while (outcomes.size() > EndpointHealth.MAX_OUTCOMES
                || (!outcomes.isEmpty() && outcomes.peekFirst().at().isBefore(oldest))) {
            outcomes.removeFirst();
        }
        boolean older = failuresInARow > 0 && startedNanos - coolingSetNanos < 0;
        if (older) {
            return;
        }
        if (outcome.ok()) {
            failuresInARow = 0;
            coolingUntil = null;
        } else {
            failuresInARow++;
            coolingUntil = coolDown.apply(failuresInARow);
            coolingSetNanos = System.nanoTime();
        }
    }

    synchronized Optional<Instant> coolingUntil() {
        return Optional.ofNullable(coolingUntil);
    }

    synchronized EndpointStats stats(Instant windowStart, Instant recentStart, Instant coolingUntil) {
        List<Long> latencies = new ArrayList<>();
        List<Double> throughputs = new ArrayList<>();
        int calls = 0;
        int ok = 0;
        int recentCalls = 0;
        int recentOk = 0;
        for (Outcome o : outcomes) {
            if (o.at().isBefore(windowStart)) {
                continue;
            }
            calls++;
            ok += o.ok() ? 1 : 0;
            if (!o.at().isBefore(recentStart)) {
                recentCalls++;
                recentOk += o.ok() ? 1 : 0;
            }
            if (o.latencyMillis() != null) {
                latencies.add(o.latencyMillis());
            }
            if (o.tokensPerSecond() != null) {
                throughputs.add(o.tokensPerSecond());
            }
        }
        return new EndpointStats(calls, percent(recentOk, recentCalls), percent(ok, calls),
                EndpointStats.Percentiles.of(latencies.stream().map(Long::doubleValue).toList()),
                EndpointStats.Percentiles.of(throughputs), coolingUntil);
    }

    private static Double percent(int ok, int calls) {
        return calls == 0 ? null : Math.round(ok * 10_000.0 / calls) / 100.0;
    }
}
