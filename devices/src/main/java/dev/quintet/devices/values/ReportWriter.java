package dev.quintet.devices.values;

import dev.quintet.devices.events.Events;
import dev.quintet.devices.live.LiveFeed;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes device reports in batches (group commit): each of {@code lanes} writer threads owns the devices that hash to
 * it (so a device's reports stay in order and lanes never wait for each other's rows) and commits everything that
 * waits, up to {@code batchSize} reports, in one transaction as soon as it is free; what arrives meanwhile makes the
 * next batch. It never waits for a batch to fill: the broker hands over one message per client at a time, so a
 * linger would cap throughput at devices / linger.
 * A report's future completes only after the transaction holding it committed: a QoS 1 message is acknowledged to
 * the device after that, so nothing acknowledged is lost on a crash. If a batch fails, its reports are written one
 * by one so that one bad report (a device deleted meanwhile) fails alone.
 */
public final class ReportWriter implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ReportWriter.class);
    private static final int QUEUE_CAPACITY = 100_000;

    private final ReportStore store;
    private final TransactionTemplate tx;
    private final int batchSize;
    private final List<Lane> lanes = new ArrayList<>();
    private volatile boolean running;

    /**
     * How reports are batched.
     *
     * @param lanes writer threads, each with its own transaction
     * @param batchSize the most reports one transaction stores
     */
    public record Batching(int lanes, int batchSize) {
    }

    public ReportWriter(LatestValues latest, ValueHistory history, ShadowVersions versions, Events events, LiveFeed feed,
                        TransactionTemplate tx, Batching batching) {
        this.store = new ReportStore(latest, history, versions, events, feed);
        this.tx = tx;
        this.batchSize = batching.batchSize();
        for (int i = 0; i < batching.lanes(); i++) {
            this.lanes.add(new Lane("report-writer-" + i));
        }
    }

    /**
     * Queues the report; the future completes once it is committed, or fails with the reason it was not
     * ({@link VersionConflict} when it expected another shadow version).
     */
    CompletableFuture<Void> write(Report report) {
        Pending pending = new Pending(report, new CompletableFuture<>());
        Lane lane = lanes.get(Math.floorMod(report.deviceId().hashCode(), lanes.size()));
        if (!running) {
            pending.done().completeExceptionally(new IllegalStateException("the report writer is stopped"));
        } else if (!lane.queue.offer(pending)) {
            pending.done().completeExceptionally(new IllegalStateException("too many reports wait to be stored"));
        }
        return pending.done();
    }

    @Override
    public synchronized void start() {
        running = true;
        lanes.forEach(Lane::start);
    }

    /** Stops taking reports and stores those already queued before it returns. */
    @Override
    public synchronized void stop() {
        running = false;
        for (Lane lane : lanes) {
            lane.join();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops after the broker and the web server, which hand it reports, and starts before them. */
    @Override
    public int getPhase() {
        return DEFAULT_PHASE - 4096;
    }

    private record Pending(Report report, CompletableFuture<Void> done) {
    }

    private final class Lane {

        private final String name;
        private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
        private Thread thread;

        Lane(String name) {
            this.name = name;
        }

        void start() {
            thread = Thread.ofPlatform().name(name).daemon().start(this::run);
        }

        void join() {
            try {
                thread.join(Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void run() {
            List<Pending> batch = new ArrayList<>(batchSize);
            while (running || !queue.isEmpty()) {
                try {
                    Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        continue;
                    }
                    batch.add(first);
                    queue.drainTo(batch, batchSize - 1);
                    write(batch);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } finally {
                    batch.clear();
                }
            }
            queue.forEach(p -> p.done().completeExceptionally(new IllegalStateException("the report writer stopped")));
        }

        private void write(List<Pending> batch) {
            try {
                List<Report> reports = batch.stream().map(Pending::report).toList();
                Map<Report, VersionConflict> stale = tx.execute(s -> store.store(reports));
                for (Pending p : batch) {
                    VersionConflict conflict = stale == null ? null : stale.get(p.report());
                    if (conflict == null) {
                        p.done().complete(null);
                    } else {
                        p.done().completeExceptionally(conflict);
                    }
                }
            } catch (RuntimeException e) {
                if (batch.size() == 1) {
                    batch.getFirst().done().completeExceptionally(e);
                    return;
                }
                log.warn("A batch of {} reports failed ({}); writing them one by one", batch.size(), e.toString());
                for (Pending p : batch) {
                    write(List.of(p));
                }
            }
        }
    }
}
