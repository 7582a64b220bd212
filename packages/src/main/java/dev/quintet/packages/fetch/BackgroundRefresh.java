package dev.quintet.packages.fetch;

import dev.quintet.packages.PackagesProperties;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.UpstreamFailure;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Revalidates upstream, before they go stale, the projects asked for often. Demand counted in memory is queued
 * every so often (projects asked for at least {@code minHits} times, due when three quarters of their TTL has
 * passed); workers claim due jobs from the queue in PostgreSQL, so any number of them, on any number of nodes,
 * share it without doing a job twice. A revalidation is a conditional request (a 304 only renews the data's
 * age). When an upstream asks us to slow down, every job of its platform waits as long as it said; another
 * failure retries the job later with a growing back-off, and after five failures it is dropped until demand
 * queues it again. Stored data is never touched by a failed revalidation.
 */
public final class BackgroundRefresh {

    private static final Logger log = LoggerFactory.getLogger(BackgroundRefresh.class);
    private static final int MAX_ATTEMPTS = 5;
    private static final Duration LEASE = Duration.ofMinutes(2);

    private final ProjectCatalog catalog;
    private final Demand demand;
    private final RefreshQueue queue;
    private final PackagesProperties properties;
    private final Clock clock;

    public BackgroundRefresh(ProjectCatalog catalog, Demand demand, JdbcClient jdbc, PackagesProperties properties,
                             Clock clock) {
        this.catalog = catalog;
        this.demand = demand;
        this.queue = new RefreshQueue(jdbc);
        this.properties = properties;
        this.clock = clock;
    }

    /** Queues the projects asked for often enough since the last call; returns how many. */
    public int queueDemand() {
        int queued = 0;
        for (Demand.Asked asked : demand.drain()) {
            long hits = asked.hits().sum();
            if (hits >= properties.refreshMinHits()) {
                Duration ttl = properties.ttl(asked.ecosystem());
                queue.enqueue(asked.projectId(), asked.fetchedAt().plus(ttl.multipliedBy(3).dividedBy(4)), hits);
                queued++;
            }
        }
        return queued;
    }

    /** Claims up to a batch of due jobs and revalidates them one after the other; returns how many it claimed. */
    public int runOnce() {
        Instant now = clock.instant();
        List<RefreshQueue.Claimed> jobs = queue.claim(properties.refreshBatch(), now, now.plus(LEASE));
        for (RefreshQueue.Claimed job : jobs) {
            revalidate(job);
        }
        return jobs.size();
    }

    private void revalidate(RefreshQueue.Claimed job) {
        Optional<Ecosystem> ecosystem = Ecosystem.named(job.platform());
        if (ecosystem.isEmpty()) {
            queue.done(job.projectId());
            return;
        }
        try {
            catalog.revalidate(ecosystem.get(), job.normalizedName());
            queue.done(job.projectId());
        } catch (UpstreamFailure e) {
            Instant now = clock.instant();
            if (e.retryAfter().isPresent()) {
                log.info("{} asked us to slow down; its refreshes wait {}", job.platform(), e.retryAfter().get());
                queue.postponePlatform(job.platform(), now.plus(e.retryAfter().get()));
            } else if (job.attempts() + 1 >= MAX_ATTEMPTS) {
                log.warn("Dropping the refresh of {} {} after {} failures: {}", job.platform(), job.normalizedName(),
                        MAX_ATTEMPTS, e.getMessage());
                queue.done(job.projectId());
            } else {
                queue.retryAt(job.projectId(), now.plus(properties.retryAfterFailure().multipliedBy(1L << job.attempts())));
            }
        } catch (RuntimeException e) {
            log.warn("The refresh of {} {} failed: {}", job.platform(), job.normalizedName(), e.toString());
            queue.retryAt(job.projectId(), clock.instant().plus(properties.retryAfterFailure()));
        }
    }
}
