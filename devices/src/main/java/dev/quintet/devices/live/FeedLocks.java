package dev.quintet.devices.live;

import java.util.Collection;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The advisory locks that keep a starting watch and the transactions writing changes apart (see {@link LiveWatches}).
 * Devices hash to {@value #BUCKETS} buckets, so a transaction holds at most that many locks however many devices it
 * touches; every lock is a transaction lock, released at commit or rollback.
 */
final class FeedLocks {

    /** The first key of the feed's advisory locks, to keep them apart from other users of advisory locks. */
    private static final int LOCK_CLASS = 0x4c495645;
    private static final int BUCKETS = 128;

    private final JdbcClient jdbc;

    FeedLocks(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Shared locks on the devices' buckets, taken in order (so they cannot deadlock with {@link #exclusive}). */
    void share(Collection<UUID> devices) {
        Integer[] buckets = devices.stream().map(FeedLocks::bucket).distinct().sorted().toArray(Integer[]::new);
        jdbc.sql("select count(pg_advisory_xact_lock_shared(:class, b)::text) from unnest(cast(:buckets as int[])) b")
                .param("class", LOCK_CLASS).param("buckets", new SqlArrayValue("int4", (Object[]) buckets))
                .query(Long.class).single();
    }

    /** The exclusive lock on the device's bucket: waits until no transaction holds it shared. */
    void exclusive(UUID device) {
        jdbc.sql("select pg_advisory_xact_lock(:class, :bucket)::text").param("class", LOCK_CLASS)
                .param("bucket", bucket(device)).query(String.class).single();
    }

    private static int bucket(UUID device) {
        return Math.floorMod(device.hashCode(), BUCKETS);
    }
}
