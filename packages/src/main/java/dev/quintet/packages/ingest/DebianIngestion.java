package dev.quintet.packages.ingest;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.IngestionStatus;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.debian.DebianIndex;
import dev.quintet.packages.registry.debian.ReleaseFile;
import dev.quintet.packages.store.Dependencies;
import dev.quintet.packages.store.DependentCounts;
import dev.quintet.packages.store.IndexedProjects;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Ingests Debian's {@code Packages} indexes into the store, each in one transaction that only one node at a time may
 * run (a PostgreSQL advisory lock): an index whose download does not match the SHA256 its suite's Release file lists
 * is refused and nothing of it is stored. Packages an index no longer lists leave its listing; those no index lists
 * are marked removed, their versions kept. On the schedule, each index is looked at again once
 * {@code ingest-interval} has passed since it was last found current, or {@code ingest-retry} after a failure.
 */
public final class DebianIngestion {

    private static final Logger log = LoggerFactory.getLogger(DebianIngestion.class);

    private final PackagesProperties.Debian settings;
    private final List<DebianIndex> configured;
    private final IndexFiles files;
    private final DebianIndexes indexes;
    private final IndexRun run;
    private final TransactionTemplate tx;
    private final DependentCounts counts;
    private final Clock clock;
    private final AtomicReference<Instant> runningSince = new AtomicReference<>();
    private volatile boolean complete;

    public DebianIngestion(PackagesProperties properties, HttpClient client, UpstreamHttp http, JdbcClient jdbc,
                           TransactionTemplate tx, IndexedProjects projects, Dependencies dependencies,
                           DependentCounts counts, Clock clock) {
        this.settings = properties.debian();
        this.configured = settings.indexes();
        this.files = new IndexFiles(properties.upstream(Ecosystem.DEBIAN), client, http, properties.requestTimeout(),
                properties.userAgent());
        this.indexes = new DebianIndexes(jdbc);
        this.run = new IndexRun(configured, indexes, new IndexWriter(projects, dependencies, indexes), projects, clock);
        this.tx = tx;
        this.counts = counts;
        this.clock = clock;
    }

    /** Ingests every configured index now, due or not, one after the other. */
    public List<IngestionOutcome> ingestAll() {
        return configured.stream().map(this::ingest).toList();
    }

    /** Ingests the configured indexes that are due; the schedule calls this. */
    public List<IngestionOutcome> ingestDue() {
        Instant now = clock.instant();
        List<IngestionOutcome> outcomes = new ArrayList<>();
        for (DebianIndex index : configured) {
            Optional<DebianIndexes.State> state = indexes.state(index);
            if (state.map(s -> nextAttempt(s).isAfter(now)).orElse(false)) {
                continue;
            }
            outcomes.add(ingest(index));
        }
        return outcomes;
    }

    /** Ingests one index now; failures are recorded and returned, never thrown. */
    public IngestionOutcome ingest(DebianIndex index) {
        long started = System.nanoTime();
        runningSince.compareAndSet(null, clock.instant());
        try {
            IngestionOutcome outcome = tx.execute(status -> indexes.tryLock() ? ingestLocked(index, started)
                    : new IngestionOutcome(index, IngestionOutcome.Result.BUSY, 0, 0, 0, took(started),
                    "another node is ingesting"));
            log(outcome);
            return outcome;
        } catch (RuntimeException e) {
            String error = e.getMessage() == null ? e.toString() : e.getMessage();
            log.warn("Ingesting the Debian index {} failed; nothing of it was stored: {}", index, error);
            indexes.recordFailure(index, error, clock.instant());
            return new IngestionOutcome(index, IngestionOutcome.Result.FAILED, 0, 0, 0, took(started), error);
        } finally {
            runningSince.set(null);
        }
    }

    private IngestionOutcome ingestLocked(DebianIndex index, long started) {
        counts.forget(); // an index changes which packages are listed and what they provide, not only dependencies
        ReleaseFile release = files.release(index.suite());
        Optional<DebianIndexes.State> previous = indexes.state(index);
        return switch (files.open(index, release, previous)) {
            case IndexFiles.Unchanged unchanged -> {
                indexes.recordUnchanged(index, clock.instant());
                yield new IngestionOutcome(index, IngestionOutcome.Result.UNCHANGED, 0, 0, 0, took(started),
                        unchanged.reason());
            }
            case IndexFiles.Download download -> run.ingest(index, release, download, started);
        };
    }

    /** Whether every configured index has been ingested once, and if not, what is happening. */
    public IngestionStatus status() {
        String where = configured.stream().map(DebianIndex::toString).collect(Collectors.joining(", "))
                + " of " + files.base();
        if (complete) {
            return new IngestionStatus(true, where, "", Duration.ZERO);
        }
        Map<DebianIndex, DebianIndexes.State> states = indexes.states().stream()
                .collect(Collectors.toMap(DebianIndexes.State::index, s -> s));
        List<DebianIndex> pending = configured.stream()
                .filter(i -> states.get(i) == null || states.get(i).checkedAt() == null).toList();
        if (pending.isEmpty()) {
            complete = true;
            return new IngestionStatus(true, where, "", Duration.ZERO);
        }
        Instant since = runningSince.get();
        if (since != null) {
            return new IngestionStatus(false, where, "an ingestion is running since " + since, Duration.ofMinutes(1));
        }
        Optional<DebianIndexes.State> failed = pending.stream().map(states::get)
                .filter(s -> s != null && s.lastError() != null).findFirst();
        if (failed.isPresent()) {
            Duration wait = Duration.between(clock.instant(), nextAttempt(failed.get()));
            return new IngestionStatus(false, where, "the last attempt, at " + failed.get().attemptedAt()
                    + ", failed: " + failed.get().lastError(), (wait.isNegative() ? Duration.ZERO : wait)
                    .plus(settings.ingestCheck()));
        }
        return new IngestionStatus(false, where, settings.ingestOnSchedule()
                ? "it starts within " + settings.ingestCheck().toSeconds() + " seconds of start-up"
                : "this node does not ingest on a schedule (quintet.packages.debian.ingest-on-schedule is false)",
                settings.ingestCheck());
    }

    private Instant nextAttempt(DebianIndexes.State state) {
        if (state.lastError() != null || state.checkedAt() == null) {
            return state.attemptedAt() == null ? Instant.MIN : state.attemptedAt().plus(settings.ingestRetry());
        }
        return state.checkedAt().plus(settings.ingestInterval());
    }

    private static Duration took(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    private static void log(IngestionOutcome o) {
        switch (o.result()) {
            case INGESTED -> log.info("Ingested the Debian index {}: {} packages ({} skipped{}), {} no longer listed,"
                            + " in {} ms", o.index(), o.paragraphs(), o.skipped(),
                    o.detail().isEmpty() ? "" : ": " + o.detail(), o.removed(), o.took().toMillis());
            case UNCHANGED -> log.info("The Debian index {} is unchanged: {}", o.index(), o.detail());
            default -> log.info("The Debian index {} was not ingested: {}", o.index(), o.detail());
        }
    }
}
