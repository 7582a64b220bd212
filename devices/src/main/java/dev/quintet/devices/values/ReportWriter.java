package dev.quintet.devices.values;

import dev.quintet.devices.events.Events;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.platform.tasks.Batches;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
    private final Batching batching;
    /** One writer per lane while running, made when the writer starts; empty while stopped. */
    private volatile List<Batches<Pending>> lanes = List.of();

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
        this.batching = batching;
    }

    /**
     * Queues the report; the future completes once it is committed, or fails with the reason it was not
     * ({@link VersionConflict} when it expected another shadow version). A full queue refuses the report at once
     * rather than holding up the broker's or the web server's thread.
     */
    CompletableFuture<Void> write(Report report) {
        Pending pending = new Pending(report, new CompletableFuture<>());
        List<Batches<Pending>> current = lanes;
        if (current.isEmpty()) {
            pending.done().completeExceptionally(new IllegalStateException("the report writer is stopped"));
        } else if (!current.get(Math.floorMod(report.deviceId().hashCode(), current.size())).offered(pending)) {
            pending.done().completeExceptionally(new IllegalStateException(lanes.isEmpty()
                    ? "the report writer is stopped" : "too many reports wait to be stored"));
        }
        return pending.done();
    }

    @Override
    public synchronized void start() {
        List<Batches<Pending>> started = new ArrayList<>();
        for (int i = 0; i < batching.lanes(); i++) {
            started.add(new Batches<>("report-writer-" + i, batching.batchSize(), QUEUE_CAPACITY, this::commit));
        }
        lanes = List.copyOf(started);
    }

    /** Stops taking reports and stores those already queued before it returns. */
    @Override
    public synchronized void stop() {
        List<Batches<Pending>> stopping = lanes;
        lanes = List.of();
        for (Batches<Pending> lane : stopping) {
            try {
                lane.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return !lanes.isEmpty();
    }

    /** Stops after the broker and the web server, which hand it reports, and starts before them. */
    @Override
    public int getPhase() {
        return DEFAULT_PHASE - 4096;
    }

    private record Pending(Report report, CompletableFuture<Void> done) {
    }

    /** Stores one lane's batch in one transaction; when that fails, each report alone. */
    private void commit(List<Pending> batch) {
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
                commit(List.of(p));
            }
        }
    }
}
