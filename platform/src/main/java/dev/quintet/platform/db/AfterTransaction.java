package dev.quintet.platform.db;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Work that must not run before the current transaction's writes are settled, such as forgetting what a cache kept
 * of the rows written: it runs once the transaction has ended (committed or rolled back), or at once outside a
 * transaction. Run it after the writes, so that outside a transaction it follows them too.
 */
public final class AfterTransaction {

    private AfterTransaction() {
    }

    /** Runs {@code work} when the current transaction ends, or at once outside one. */
    public static void run(Runnable work) {
        once(new Object(), work);
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
