package dev.quintet.packages.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionSynchronizationUtils;

/** Kept dependents counts: kept per target, forgotten after a write's transaction ends, never kept across one. */
class DependentCountsTest {

    final AtomicLong stored = new AtomicLong(3);
    final AtomicLong counted = new AtomicLong();

    long count() {
        counted.incrementAndGet();
        return stored.get();
    }

    @AfterEach
    void endTransaction() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.clearSynchronization();
        }
    }

    @Test
    void keepsACountPerTargetUntilForgotten() {
        DependentCounts counts = new DependentCounts(Duration.ofMinutes(1), 100);

        assertThat(counts.get("npm", "is-number", this::count)).isEqualTo(3);
        stored.set(4);
        assertThat(counts.get("npm", "is-number", this::count)).isEqualTo(3);
        assertThat(counts.get("pypi", "is-number", this::count)).isEqualTo(4);
        assertThat(counted).hasValue(2);

        counts.forget();

        assertThat(counts.get("npm", "is-number", this::count)).isEqualTo(4);
        assertThat(counted).hasValue(3);
    }

    @Test
    void aWriteInATransactionForgetsWhenItEndsAndOnlyOnce() {
        DependentCounts counts = new DependentCounts(Duration.ofMinutes(1), 100);
        counts.get("npm", "is-number", this::count);
        TransactionSynchronizationManager.initSynchronization();

        counts.forget();
        counts.forget();
        stored.set(5);
        // Read by another request while the write is not committed yet: the old count, kept for now.
        assertThat(counts.get("npm", "is-number", this::count)).isEqualTo(3);
        assertThat(TransactionSynchronizationManager.getSynchronizations()).hasSize(1);
        TransactionSynchronizationUtils.invokeAfterCompletion(TransactionSynchronizationManager.getSynchronizations(),
                TransactionSynchronization.STATUS_COMMITTED);
        TransactionSynchronizationManager.clearSynchronization();

        assertThat(counts.get("npm", "is-number", this::count)).isEqualTo(5);
        assertThat(TransactionSynchronizationManager.hasResource(counts)).isFalse();
    }

    @Test
    void aCountDuringWhichAWriteEndedIsNotKept() {
        DependentCounts counts = new DependentCounts(Duration.ofMinutes(1), 100);

        long first = counts.get("npm", "is-number", () -> {
            long before = count();
            counts.forget();
            stored.set(6);
            return before;
        });

        assertThat(first).isEqualTo(3);
        assertThat(counts.get("npm", "is-number", this::count)).isEqualTo(6);
        assertThat(counted).hasValue(2);
    }

    @Test
    void keepingForZeroCountsEveryTime() {
        DependentCounts counts = new DependentCounts(Duration.ZERO, 100);

        counts.get("npm", "is-number", this::count);
        counts.get("npm", "is-number", this::count);

        assertThat(counted).hasValue(2);
    }
}
