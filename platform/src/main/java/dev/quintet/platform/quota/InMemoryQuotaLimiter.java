package dev.quintet.platform.quota;

import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Quotas of one node: per subject an immutable pair of window counts swapped in by compare-and-set, so admission is
 * exact under any concurrency without a lock. Subjects not seen since before the current UTC day are forgotten
 * when the day turns; a forgotten entry is first marked retired, so a caller still holding it starts a fresh one
 * instead of counting into a discarded one.
 */
public final class InMemoryQuotaLimiter implements QuotaLimiter {

    private final Clock clock;
    private final ConcurrentHashMap<String, AtomicReference<Counts>> counters = new ConcurrentHashMap<>();
    private final AtomicLong sweptDay = new AtomicLong(Long.MIN_VALUE);

    public InMemoryQuotaLimiter(Clock clock) {
        this.clock = clock;
    }

    @Override
    public QuotaDecision acquire(String subject, QuotaLimits limits) {
        long now = Math.floorDiv(clock.millis(), 1000);
        long minute = QuotaWindow.MINUTE.start(now);
        long day = QuotaWindow.DAY.start(now);
        forgetBefore(day);
        AtomicReference<Counts> state = counters.get(subject);
        while (true) {
            if (state == null) {
                state = counters.compute(subject, (s, old) -> old == null || old.get() == Counts.RETIRED
                        ? new AtomicReference<>(Counts.EMPTY) : old);
            }
            Counts seen = state.get();
            if (seen == Counts.RETIRED) {
                state = null;
                continue;
            }
            Counts current = seen.at(minute, day);
            boolean allowed = current.minuteUsed() < limits.perMinute() && current.dayUsed() < limits.perDay();
            Counts next = allowed ? current.plusOne() : current;
            if (next == seen || state.compareAndSet(seen, next)) {
                return QuotaDecision.of(allowed, limits, next.minuteUsed(), next.dayUsed(), now);
            }
        }
    }

    @Override
    public void giveBack(String subject, QuotaDecision admitted) {
        AtomicReference<Counts> state = counters.get(subject);
        if (state == null) {
            return;
        }
        long minute = QuotaWindow.MINUTE.start(admitted.at());
        long day = QuotaWindow.DAY.start(admitted.at());
        state.getAndUpdate(c -> c == Counts.RETIRED ? c : new Counts(c.minuteStart(),
                c.minuteStart() == minute ? Math.max(0, c.minuteUsed() - 1) : c.minuteUsed(), c.dayStart(),
                c.dayStart() == day ? Math.max(0, c.dayUsed() - 1) : c.dayUsed()));
    }

    /** Once per UTC day, by whichever caller sees the new day first. */
    private void forgetBefore(long day) {
        long swept = sweptDay.get();
        if (swept >= day || !sweptDay.compareAndSet(swept, day)) {
            return;
        }
        counters.forEach((subject, state) -> {
            Counts counts = state.get();
            if (counts.dayStart() < day && state.compareAndSet(counts, Counts.RETIRED)) {
                counters.remove(subject, state);
            }
        });
    }

    /** Counts of the windows starting at {@code minuteStart} and {@code dayStart} (epoch seconds). */
    private record Counts(long minuteStart, long minuteUsed, long dayStart, long dayUsed) {

        static final Counts EMPTY = new Counts(Long.MIN_VALUE, 0, Long.MIN_VALUE, 0);
        static final Counts RETIRED = new Counts(Long.MIN_VALUE, 0, Long.MIN_VALUE, 0);

        Counts at(long minute, long day) {
            if (minute == minuteStart && day == dayStart) {
                return this;
            }
            return new Counts(minute, minute == minuteStart ? minuteUsed : 0, day, day == dayStart ? dayUsed : 0);
        }

        Counts plusOne() {
            return new Counts(minuteStart, minuteUsed + 1, dayStart, dayUsed + 1);
        }
    }
}
