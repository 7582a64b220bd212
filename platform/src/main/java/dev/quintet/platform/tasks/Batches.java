package dev.quintet.platform.tasks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Predicate;
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
    private final long lingerNanos;
    private final Predicate<T> urgent;
    private final Consumer<List<T>> work;
    private final BlockingQueue<Object> queue;
    private final Thread thread;
    private volatile boolean closed;
    /** Whether the thread sleeps out a linger time, to be woken only by an urgent piece or a full batch. */
    private volatile boolean lingering;
    /** How many queued pieces fill the batch the thread lingers over. */
    private volatile int room;

    /**
     * @param capacity how many pieces may wait; a caller that finds the queue full waits for room
     * @param work does one batch (a list it must not keep); what it throws is logged
     */
    public Batches(String threadName, int maxBatch, int capacity, Consumer<List<T>> work) {
        this(threadName, maxBatch, capacity, Duration.ZERO, piece -> true, work);
    }

    /**
     * Batches that wait for more work when nothing taken is urgent: a batch of pieces none of which is
     * {@code urgent} is done once it is full, an urgent piece comes, or {@code linger} has passed since its first
     * piece was taken, so that work nobody waits for shares fewer, larger batches.
     */
    public Batches(String threadName, int maxBatch, int capacity, Duration linger, Predicate<T> urgent,
                   Consumer<List<T>> work) {
        this.maxBatch = maxBatch;
        this.lingerNanos = linger.toNanos();
        this.urgent = urgent;
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
            wake(piece);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Queues {@code piece} if there is room now, never waiting: false when the queue is full or the batches are
     * closed, for callers that would rather refuse work than wait for the batches to catch up.
     */
    public boolean offered(T piece) {
        if (closed || !queue.offer(piece)) {
            return false;
        }
        wake(piece);
        return true;
    }

    /** Wakes the lingering thread when {@code piece}, just queued, is urgent or fills its batch. */
    private void wake(T piece) {
        if (lingering && (urgent.test(piece) || queue.size() >= room)) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        queue.put(STOP);
        LockSupport.unpark(thread);
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
            if (lingerNanos > 0 && !urgent(taken, 0)) {
                linger(taken);
            }
            boolean stop = taken.remove(STOP);
            perform(taken);
            taken.clear();
            if (stop) {
                return;
            }
        }
    }

    /**
     * Adds to {@code taken} what comes within the linger time, until the batch is full or something is urgent. The
     * thread sleeps meanwhile: a piece that neither is urgent nor fills the batch does not wake it.
     */
    private void linger(List<Object> taken) {
        long deadline = System.nanoTime() + lingerNanos;
        lingering = true;
        try {
            while (true) {
                int from = taken.size();
                queue.drainTo(taken, maxBatch - taken.size());
                long left = deadline - System.nanoTime();
                if (taken.size() >= maxBatch || urgent(taken, from) || left <= 0) {
                    return;
                }
                room = maxBatch - taken.size();
                if (queue.size() >= room) {
                    continue; // filled before the callers could see the room: no wake is coming
                }
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    return;
                }
            }
        } finally {
            lingering = false;
        }
    }

    /** Whether a piece of {@code taken} from index {@code from} on is urgent (closing is). */
    @SuppressWarnings("unchecked")
    private boolean urgent(List<Object> taken, int from) {
        for (int i = from; i < taken.size(); i++) {
            Object piece = taken.get(i);
            if (piece == STOP || urgent.test((T) piece)) {
                return true;
            }
        }
        return false;
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
