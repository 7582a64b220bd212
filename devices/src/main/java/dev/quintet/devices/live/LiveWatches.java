package dev.quintet.devices.live;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The leases that make a device watched, on every node: changes are numbered and kept only for watched devices, so a
 * device nobody streams costs one small statement per transaction and no write. A node holds the lease of each
 * device it streams (and of each it streamed within the retention), renewing it every {@link #RENEW_EVERY}; leases
 * are timed by the database's clock, so the nodes' clocks need not agree.
 *
 * <p>No change may fall between a transaction that saw no lease and a stream that starts from the state:
 * <ul>
 * <li>A writing transaction takes its devices' {@link FeedLocks} shared, and only then, with a snapshot taken after
 *     the locks were granted, reads their leases (one call of the function {@code live_lock}, whose statements each
 *     take a fresh snapshot: {@link LiveLog#lock}), and holds the locks until it ends; it does so at its end, or
 *     within the statement that makes a device's change ({@link LiveFeed#LOCK}).
 * <li>A watch that starts, or restarts after its lease ran out, takes its bucket's lock exclusively: it waits for
 *     every transaction that may have seen no lease to commit (so the stream's opening state includes their changes),
 *     and the transactions after it see the lease. A lease that ran out may have let changes go unnumbered: restarting
 *     it adds a {@code reset} mark to the feed, so no stream resumes across that hole.
 * <li>A lease with more than {@link #GRACE} left is extended without the lock: a transaction that found it run out
 *     would have read it after its end, hence more than {@code GRACE} after the renewal read it, and the renewal is
 *     bounded well below that by its statement timeout.
 * </ul>
 */
final class LiveWatches {

    static final Duration LEASE = Duration.ofMinutes(2);
    static final Duration RENEW_EVERY = Duration.ofSeconds(30);
    private static final Duration GRACE = Duration.ofSeconds(30);
    private static final String RENEWAL_TIMEOUT = "10s";

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final FeedLocks locks;
    private final LiveLog log;
    private final Clock clock;

    LiveWatches(JdbcClient jdbc, TransactionTemplate tx, FeedLocks locks, LiveLog log, Clock clock) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.locks = locks;
        this.log = log;
        this.clock = clock;
    }

    /** Makes sure the device is watched from now on; returns the id of its last change. */
    long watch(UUID device, String origin) {
        Long head = renew(List.of(device)).get(device);
        return head != null ? head : start(device, origin);
    }

    /** Extends the leases that have more than {@link #GRACE} left; returns their devices' last ids. */
    Map<UUID, Long> renew(Collection<UUID> devices) {
        Map<UUID, Long> heads = new HashMap<>();
        tx.executeWithoutResult(s -> {
            jdbc.sql("set local statement_timeout = '" + RENEWAL_TIMEOUT + "'").update();
            jdbc.sql("""
                    with due as (
                        select device_id from devices.live_heads
                        where device_id = any(:devices) and watched_until > clock_timestamp() + :grace * interval '1 millisecond'
                        order by device_id for no key update)
                    update devices.live_heads h set watched_until = clock_timestamp() + :lease * interval '1 millisecond'
                    from due where h.device_id = due.device_id
                    returning h.device_id, h.seq
                    """).param("devices", new SqlArrayValue("uuid", devices.stream().sorted().toArray()))
                    .param("grace", GRACE.toMillis()).param("lease", LEASE.toMillis())
                    .query((rs, n) -> heads.put(rs.getObject("device_id", UUID.class), rs.getLong("seq"))).list();
        });
        return heads;
    }

    /**
     * Forgets the counters of deleted devices whose lease ran out (rows of existing devices stay: their ids must
     * never start over); returns how many.
     */
    int forgetDeleted() {
        return jdbc.sql("""
                delete from devices.live_heads h where watched_until < now()
                and not exists (select 1 from devices.devices d where d.id = h.device_id)
                """).update();
    }

    /**
     * Starts the device's watch, or extends it, under its bucket's exclusive lock, in a transaction of its own;
     * after a lease that ran out, adds a {@code reset} mark. Returns the id of the device's last change.
     */
    long start(UUID device, String origin) {
        return tx.execute(s -> {
            locks.exclusive(device);
            Boolean live = jdbc.sql("""
                    select watched_until > clock_timestamp() from devices.live_heads where device_id = :device for update
                    """).param("device", device).query(Boolean.class).optional().orElse(null);
            if (live == null) {
                jdbc.sql("""
                        insert into devices.live_heads (device_id, seq, watched_until)
                        values (:device, 0, clock_timestamp() + :lease * interval '1 millisecond')
                        """).param("device", device).param("lease", LEASE.toMillis()).update();
                return 0L;
            }
            long head = jdbc.sql("""
                    update devices.live_heads set seq = seq + :mark,
                        watched_until = clock_timestamp() + :lease * interval '1 millisecond'
                    where device_id = :device returning seq
                    """).param("mark", live ? 0 : 1).param("lease", LEASE.toMillis()).param("device", device)
                    .query(Long.class).single();
            if (!live) {
                log.appendNumbered(new LiveChange(device, LiveChange.RESET, JsonNodeFactory.instance.objectNode()
                        .put("at", clock.instant().toString()), head), origin);
            }
            return head;
        });
    }
}
