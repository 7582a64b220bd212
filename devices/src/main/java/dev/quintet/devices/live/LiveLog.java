package dev.quintet.devices.live;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Owner of {@code live_changes} and of the counters in {@code live_heads}: numbers the changes of watched devices,
 * stores them and notifies the other nodes, all inside the transaction that made them; reads them back.
 */
final class LiveLog {

    private final JdbcClient jdbc;
    private final FeedLocks locks;
    private final JsonMapper json;

    LiveLog(JdbcClient jdbc, FeedLocks locks, JsonMapper json) {
        this.jdbc = jdbc;
        this.locks = locks;
        this.json = json;
    }

    /**
     * Takes the devices' feed locks and then, with a fresh snapshot, reads their leases (the function
     * {@code live_lock}, see {@link LiveWatches}); returns the heads of the watched ones, whose counters stay locked
     * until the transaction ends, so a device's changes commit in the order of their ids. The counters are locked in
     * device order, so that concurrent transactions cannot deadlock.
     */
    Map<UUID, Long> lock(Collection<UUID> devices) {
        UUID[] sorted = devices.stream().sorted().toArray(UUID[]::new);
        Map<UUID, Long> heads = new HashMap<>();
        jdbc.sql("select device, head from devices.live_lock(:class, :buckets, :devices)")
                .param("class", locks.lockClass()).param("buckets", locks.buckets(List.of(sorted)))
                .param("devices", uuids(sorted))
                .query((rs, n) -> heads.put(rs.getObject("device", UUID.class), rs.getLong("head"))).list();
        return heads;
    }

    /**
     * At the end of a transaction that locked the devices: numbers the changes of the watched ones (whose locked
     * {@code heads} are given) in the order given, raises their counters, stores the changes and notifies the nodes;
     * returns them numbered. The changes of other devices are dropped: nobody streams them.
     */
    List<LiveChange> append(List<LiveChange> pending, Map<UUID, Long> heads, String origin) {
        Map<UUID, Long> last = new TreeMap<>();
        List<LiveChange> numbered = new ArrayList<>();
        for (LiveChange change : pending) {
            Long head = heads.get(change.deviceId());
            if (head != null) {
                long id = last.merge(change.deviceId(), head + 1, (before, one) -> before + 1);
                numbered.add(change.numbered(id));
            }
        }
        if (numbered.isEmpty()) {
            return List.of();
        }
        raiseAndInsert(last, numbered);
        notify(origin, last);
        return numbered;
    }

    /** Stores a numbered change and notifies the nodes, in the caller's transaction. */
    void appendNumbered(LiveChange change, String origin) {
        raiseAndInsert(Map.of(), List.of(change));
        notify(origin, Map.of(change.deviceId(), change.id()));
    }

    /** The id of the device's last change; 0 before its first. */
    long head(UUID device) {
        return jdbc.sql("select seq from devices.live_heads where device_id = :device").param("device", device)
                .query(Long.class).optional().orElse(0L);
    }

    /** Up to {@code limit} of the device's changes after {@code after}, oldest first. */
    List<LiveChange> after(UUID device, long after, int limit) {
        return jdbc.sql("""
                select device_id, seq, type, data from devices.live_changes
                where device_id = :device and seq > :after order by seq limit :limit
                """).param("device", device).param("after", after).param("limit", limit)
                .query((rs, n) -> change(rs)).list();
    }

    /** For each device, up to {@code limit} of its changes after the id given, oldest first; one query for all. */
    Map<UUID, List<LiveChange>> after(Map<UUID, Long> from, int limit) {
        Map<UUID, List<LiveChange>> found = new HashMap<>();
        UUID[] devices = from.keySet().toArray(UUID[]::new);
        Object[] after = new Object[devices.length];
        for (int i = 0; i < devices.length; i++) {
            after[i] = from.get(devices[i]);
        }
        jdbc.sql("""
                select c.device_id, c.seq, c.type, c.data
                from unnest(:devices, :after) f (device_id, after)
                cross join lateral (select * from devices.live_changes c
                    where c.device_id = f.device_id and c.seq > f.after order by c.seq limit :limit) c
                order by c.device_id, c.seq
                """).param("devices", uuids(devices)).param("after", new SqlArrayValue("int8", after))
                .param("limit", limit)
                .query((rs, n) -> found.computeIfAbsent(rs.getObject("device_id", UUID.class), d -> new ArrayList<>())
                        .add(change(rs))).list();
        return found;
    }

    /** Deletes up to {@code limit} changes made before {@code cutoff}; returns how many. */
    int deleteBefore(Instant cutoff, int limit) {
        return jdbc.sql("""
                delete from devices.live_changes where ctid = any (array(
                    select ctid from devices.live_changes where at < :cutoff limit :limit))
                """).param("cutoff", Timestamp.from(cutoff)).param("limit", limit).update();
    }

    /** Sets the counters of the devices in {@code heads} to the ids given and stores the changes, in one statement. */
    private void raiseAndInsert(Map<UUID, Long> heads, List<LiveChange> changes) {
        int n = changes.size();
        Object[] devices = new Object[n];
        Object[] seqs = new Object[n];
        Object[] ats = new Object[n];
        Object[] types = new Object[n];
        Object[] data = new Object[n];
        for (int i = 0; i < n; i++) {
            LiveChange c = changes.get(i);
            devices[i] = c.deviceId();
            seqs[i] = c.id();
            ats[i] = c.data().get("at").asString();
            types[i] = c.type();
            data[i] = json.writeValueAsString(c.data());
        }
        jdbc.sql("""
                with raised as (
                    update devices.live_heads h set seq = r.seq
                    from unnest(:raised, :heads) r (device_id, seq) where h.device_id = r.device_id)
                insert into devices.live_changes (device_id, seq, at, type, data)
                select d, s, cast(a as timestamptz), t, cast(j as json)
                from unnest(:devices, :seqs, :ats, :types, :data) u (d, s, a, t, j)
                """).param("raised", uuids(heads.keySet().toArray(UUID[]::new)))
                .param("heads", new SqlArrayValue("int8", heads.values().toArray()))
                .param("devices", new SqlArrayValue("uuid", devices)).param("seqs", new SqlArrayValue("int8", seqs))
                .param("ats", new SqlArrayValue("text", ats)).param("types", new SqlArrayValue("text", types))
                .param("data", new SqlArrayValue("text", data)).update();
    }

    private void notify(String origin, Map<UUID, Long> heads) {
        jdbc.sql("select count(pg_notify(:channel, p)::text) from unnest(:payloads) p")
                .param("channel", LiveNotifications.CHANNEL)
                .param("payloads", new SqlArrayValue("text", LiveNotifications.payloads(origin, heads).toArray()))
                .query(Long.class).single();
    }

    private LiveChange change(ResultSet rs) throws SQLException {
        return new LiveChange(rs.getObject("device_id", UUID.class), rs.getString("type"),
                (ObjectNode) json.readTree(rs.getString("data")), rs.getLong("seq"));
    }

    private static SqlArrayValue uuids(UUID[] devices) {
        return new SqlArrayValue("uuid", (Object[]) devices);
    }
}
