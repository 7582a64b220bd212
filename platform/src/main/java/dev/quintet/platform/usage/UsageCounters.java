package dev.quintet.platform.usage;

import dev.quintet.platform.keys.ApiKeys;
import java.sql.Date;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code platform.usage_daily} table. Requests are counted in memory and added to the table every flush
 * interval and at shutdown, so the hot path never waits for the database.
 */
public final class UsageCounters implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(UsageCounters.class);

    private final JdbcClient jdbc;
    private final ApiKeys keys;
    private final Clock clock;
    private final ScheduledExecutorService flusher;
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final ConcurrentHashMap<Bucket, Tally> pending = new ConcurrentHashMap<>();

    public UsageCounters(JdbcClient jdbc, ApiKeys keys, Clock clock, Duration flushInterval) {
        this.jdbc = jdbc;
        this.keys = keys;
        this.clock = clock;
        this.flusher = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("usage-flush").daemon().factory());
        long millis = flushInterval.toMillis();
        flusher.scheduleWithFixedDelay(this::flushQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** One day's counts of one service. */
    public record Day(String service, LocalDate day, long requests, long throttled) {
    }

    public void recordAdmitted(UUID keyId, String service) {
        tally(keyId, service).requests.increment();
    }

    public void recordThrottled(UUID keyId, String service) {
        tally(keyId, service).throttled.increment();
    }

    /** Writes what was counted so far. Safe to call from any thread at any time; a failed write keeps the counts. */
    public synchronized void flush() {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        Map<UUID, Instant> lastUsed = new HashMap<>();
        for (Map.Entry<Bucket, Tally> entry : pending.entrySet()) {
            Bucket bucket = entry.getKey();
            Tally tally = entry.getValue();
            long requests = tally.requests.sumThenReset();
            long throttled = tally.throttled.sumThenReset();
            if (requests + throttled == 0) {
                if (bucket.day().isBefore(today)) {
                    pending.remove(bucket, tally);
                }
                continue;
            }
            try {
                write(bucket, requests, throttled);
            } catch (RuntimeException e) {
                tally.requests.add(requests);
                tally.throttled.add(throttled);
                throw e;
            }
            lastUsed.merge(bucket.keyId(), tally.lastSeen(), (a, b) -> a.isAfter(b) ? a : b);
        }
        lastUsed.forEach(keys::touch);
    }

    private void write(Bucket bucket, long requests, long throttled) {
        jdbc.sql("""
                INSERT INTO platform.usage_daily (key_id, service, day, requests, throttled)
                VALUES (:key, :service, :day, :requests, :throttled)
                ON CONFLICT (key_id, service, day) DO UPDATE
                SET requests = usage_daily.requests + excluded.requests,
                    throttled = usage_daily.throttled + excluded.throttled""")
                .param("key", bucket.keyId()).param("service", bucket.service())
                .param("day", Date.valueOf(bucket.day())).param("requests", requests)
                .param("throttled", throttled)
                .update();
    }

    /** Per service and day, the account's counts over the last {@code days} days (today included). */
    public List<Day> ofAccount(UUID accountId, int days) {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        return jdbc.sql("""
                SELECT u.service, u.day, sum(u.requests) AS requests, sum(u.throttled) AS throttled
                FROM platform.usage_daily u JOIN platform.api_keys k ON k.id = u.key_id
                WHERE k.account_id = :account AND u.day > :from
                GROUP BY u.service, u.day ORDER BY u.day""")
                .param("account", accountId).param("from", Date.valueOf(today.minusDays(days)))
                .query((rs, row) -> new Day(rs.getString("service"), rs.getDate("day").toLocalDate(),
                        rs.getLong("requests"), rs.getLong("throttled")))
                .list();
    }

    @Override
    public void close() {
        flusher.shutdown();
        flushQuietly();
    }

    private Tally tally(UUID keyId, String service) {
        long now = clock.millis();
        Tally tally = pending.computeIfAbsent(new Bucket(keyId, service, Math.floorDiv(now, MILLIS_PER_DAY)),
                b -> new Tally());
        tally.seen(now);
        return tally;
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (RuntimeException e) {
            log.warn("Could not write usage counters; they are kept for the next flush: {}", e.getMessage());
        }
    }

    /** One key's counts of one service on one UTC day ({@code epochDay}). */
    private record Bucket(UUID keyId, String service, long epochDay) {
        LocalDate day() {
            return LocalDate.ofEpochDay(epochDay);
        }
    }

    private static final class Tally {
        final LongAdder requests = new LongAdder();
        final LongAdder throttled = new LongAdder();
        private volatile long lastSeenSecond;

        /** Keeps the last second seen, writing the shared field only when it changes. */
        void seen(long millis) {
            long second = millis / 1000;
            if (second > lastSeenSecond) {
                lastSeenSecond = second;
            }
        }

        Instant lastSeen() {
            return Instant.ofEpochSecond(lastSeenSecond);
        }
    }
}
