package dev.quintet.platform.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work done in batches on one daemon thread: everything queued while the last batch was being done (up to a
 * batch's size) goes into the next, so that many callers' statements become one. Callers that need the outcome
 * queue something that completes (a future). Closing does what is queued, then stops the thread.
 *
 * @param <T> one piece of work
 */
public final class Batches<T> implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Batches.class);
    private static final Object STOP = new Object();

    private final int maxBatch;
    private final Consumer<List<T>> work;
    private final BlockingQueue<Object> queue;
    private final Thread thread;
    private volatile boolean closed;

    /**
     * @param capacity how many pieces may wait; a caller that finds the queue full waits for room
     * @param work does one batch (a list it must not keep); what it throws is logged
     */
    public Batches(String threadName, int maxBatch, int capacity, Consumer<List<T>> work) {
        this.maxBatch = maxBatch;
        this.work = work;
        this.queue = new LinkedBlockingQueue<>(capacity);
        this.thread = Thread.ofPlatform().name(threadName).daemon().start(this::run);
    }

    /**
     * Queues {@code piece}, waiting for room. False when it was not queued, the batches being closed or the caller
     * interrupted meanwhile (the interrupt is kept): the caller then does the work itself.
     */
    public boolean queued(T piece) {
        if (closed) {
            return false;
        }
        try {
            queue.put(piece);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        queue.put(STOP);
        thread.join();
        List<Object> late = new ArrayList<>();
        while (queue.drainTo(late, maxBatch) > 0) { // queued while closing
            perform(late);
            late.clear();
        }
    }

    private void run() {
        List<Object> taken = new ArrayList<>();
        while (true) {
            try {
                taken.add(queue.take());
            } catch (InterruptedException e) {
                continue;
            }
            queue.drainTo(taken, maxBatch - 1);
            boolean stop = taken.remove(STOP);
            perform(taken);
            taken.clear();
            if (stop) {
                return;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void perform(List<Object> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            work.accept((List<T>) (List<?>) batch);
        } catch (RuntimeException e) {
            log.error("A batch of {} on {} failed", batch.size(), thread.getName(), e);
        }
    }
}
