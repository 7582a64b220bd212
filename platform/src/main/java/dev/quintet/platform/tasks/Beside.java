package dev.quintet.platform.tasks;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Work started on a virtual thread of its own beside the caller's, such as a second query made while the first one
 * runs, whose result the caller takes when it needs it. A result never taken is left to finish rather than
 * interrupted, as interrupting a thread in a socket read closes its pooled database connection.
 *
 * @param <T> what the work returns
 */
public final class Beside<T> {

    private final FutureTask<T> task;

    private Beside(FutureTask<T> task) {
        this.task = task;
    }

    /** Starts {@code work} now on a virtual thread named {@code name}. */
    public static <T> Beside<T> start(String name, Callable<T> work) {
        FutureTask<T> task = new FutureTask<>(work);
        Thread.ofVirtual().name(name).start(task);
        return new Beside<>(task);
    }

    /** The work's result, waiting for it; its failure is thrown as it was when unchecked. */
    public T get() {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for work started beside this thread", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
