package dev.quintet.platform.db;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Work that must not run before the current transaction's writes are settled, such as forgetting what a cache kept
 * of the rows written: it runs once the transaction has ended (committed or rolled back; or, with {@link #committed},
 * only once it has committed), or at once outside a transaction. Run it after the writes, so that outside a
 * transaction it follows them too.
 */
public final class AfterTransaction {

    private AfterTransaction() {
    }

    /** Runs {@code work} when the current transaction ends, or at once outside one. */
    public static void run(Runnable work) {
        once(new Object(), work);
    }

    /**
     * Runs {@code work} once the current transaction has committed (never if it rolls back), or at once outside one.
     * Data access in {@code work} needs a transaction of its own: the ended one's connection may still be bound.
     */
    public static void committed(Runnable work) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            work.run();
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                work.run();
            }
        });
    }

    /**
     * Runs {@code work} when the current transaction ends, or at once outside one; within one transaction only the
     * first work given for {@code key} runs, however often it is asked for.
     */
    public static void once(Object key, Runnable work) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            work.run();
        } else if (!TransactionSynchronizationManager.hasResource(key)) {
            TransactionSynchronizationManager.bindResource(key, Boolean.TRUE);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    TransactionSynchronizationManager.unbindResourceIfPossible(key);
                    work.run();
                }
            });
        }
    }
}
