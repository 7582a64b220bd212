package dev.quintet.devices.live;

import java.util.Collection;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The advisory locks that keep a starting watch and the transactions writing changes apart (see {@link LiveWatches}):
 * a writing transaction takes its devices' buckets shared in the function {@code live_lock}, a starting watch takes
 * its device's bucket exclusively.
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

    /** The first key of the locks, for {@code live_lock}, which takes them shared. */
    int lockClass() {
        return LOCK_CLASS;
    }

    /** The buckets of the devices, sorted, for {@code live_lock} to take shared in that order. */
    SqlArrayValue buckets(Collection<UUID> devices) {
        return new SqlArrayValue("int4", (Object[]) devices.stream().map(FeedLocks::bucket).distinct().sorted()
                .toArray(Integer[]::new));
    }

    /** The exclusive lock on the device's bucket: waits until no transaction holds it shared. */
    void exclusive(UUID device) {
        jdbc.sql("select pg_advisory_xact_lock(:class, :bucket)::text").param("class", LOCK_CLASS)
                .param("bucket", bucket(device)).query(String.class).single();
    }

    static int bucket(UUID device) {
        return Math.floorMod(device.hashCode(), BUCKETS);
    }
}
