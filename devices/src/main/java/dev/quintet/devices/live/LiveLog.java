package dev.quintet.devices.live;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
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
     * At the end of a transaction: numbers the changes of the devices that are watched (in the order given), stores
     * them and notifies the nodes; returns them numbered. The changes of other devices are dropped: nobody streams
     * them. One statement ({@code live_claim}) locks the buckets and then, with a fresh snapshot, reads the leases and
     * advances the counters (see {@link LiveWatches}); the counters are locked in device order, so that concurrent
     * transactions cannot deadlock, and stay locked until the commit, so a device's changes commit in the order of
     * their ids.
     */
    List<LiveChange> append(List<LiveChange> pending, String origin) {
        SortedMap<UUID, Integer> counts = new TreeMap<>();
        pending.forEach(c -> counts.merge(c.deviceId(), 1, Integer::sum));
        Map<UUID, Long> heads = new LinkedHashMap<>();
        jdbc.sql("select device, head from devices.live_claim(:class, :buckets, :devices, :counts)")
                .param("class", locks.lockClass()).param("buckets", locks.buckets(counts.keySet()))
                .param("devices", uuids(counts.keySet().toArray(UUID[]::new)))
                .param("counts", new SqlArrayValue("int8", counts.values().stream().map(Integer::longValue).toArray()))
                .query((rs, n) -> heads.put(rs.getObject("device", UUID.class), rs.getLong("head"))).list();
        if (heads.isEmpty()) {
            return List.of();
        }
        Map<UUID, Long> next = new HashMap<>();
        heads.forEach((device, head) -> next.put(device, head - counts.get(device) + 1));
        List<LiveChange> numbered = new ArrayList<>();
        for (LiveChange change : pending) {
            Long id = next.computeIfPresent(change.deviceId(), (device, n) -> n + 1);
            if (id != null) {
                numbered.add(change.numbered(id - 1));
            }
        }
        insert(numbered);
        notify(origin, heads);
        return numbered;
    }

    /** Stores a numbered change and notifies the nodes, in the caller's transaction. */
    void appendNumbered(LiveChange change, String origin) {
        insert(List.of(change));
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

    private void insert(List<LiveChange> changes) {
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
                insert into devices.live_changes (device_id, seq, at, type, data)
                select d, s, cast(a as timestamptz), t, cast(j as json)
                from unnest(:devices, :seqs, :ats, :types, :data) u (d, s, a, t, j)
                """).param("devices", new SqlArrayValue("uuid", devices)).param("seqs", new SqlArrayValue("int8", seqs))
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
