package dev.quintet.packages.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.platform.db.AfterTransaction;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The dependents counts last read, kept for a while: a project is looked up far more often than its dependents
 * change, and counting them reads every dependency row that names it (and plans a four-table query each time). Every
 * write of what a count reads (dependency rows, a project's current version or status, Debian's {@code Provides})
 * forgets all kept counts once its transaction has ended, so this process never answers a count older than its own
 * writes; what another process writes shows here within the time a count is kept.
 */
public final class DependentCounts {

    private record Target(String platform, String normalizedName) {
    }

    private final Cache<Target, Long> counts;
    private long forgotten;

    /** Counts kept for {@code keep} (zero keeps none), at most {@code maxCounts} of them. */
    public DependentCounts(Duration keep, long maxCounts) {
        this.counts = Caffeine.newBuilder().expireAfterWrite(keep).maximumSize(keep.isZero() ? 0 : maxCounts)
                .executor(Runnable::run).build();
    }

    /** The kept count of the target, else {@code count}'s answer, kept unless a write ended while it was counted. */
    long get(String platform, String normalizedName, LongSupplier count) {
        Target target = new Target(platform, normalizedName);
        Long kept = counts.getIfPresent(target);
        if (kept != null) {
            return kept;
        }
        long before;
        synchronized (this) {
            before = forgotten;
        }
        long counted = count.getAsLong();
        synchronized (this) {
            if (forgotten == before) {
                counts.put(target, counted);
            }
        }
        return counted;
    }

    /**
     * Forgets every kept count once the current transaction has ended (at once outside a transaction): counts read
     * before the write commits are then not kept either, and each transaction forgets once however often it writes.
     * Call it after the write, so that outside a transaction no count read before the write is kept.
     */
    public void forget() {
        AfterTransaction.once(this, this::forgetNow);
    }

    private synchronized void forgetNow() {
        forgotten++;
        counts.invalidateAll();
    }
}
