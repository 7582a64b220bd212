package dev.quintet.devices.events;

import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.paging.Page;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Owner of the {@code events} table; each event goes to the device's live feed in the transaction that stores it. */
public final class Events {

    public static final int MAX_CODE_LENGTH = 50;

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final JsonMapper json;
    private final LiveFeed feed;

    public Events(JdbcClient jdbc, TransactionTemplate tx, Clock clock, JsonMapper json, LiveFeed feed) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.clock = clock;
        this.json = json;
        this.feed = feed;
    }

    public void system(UUID deviceId, String code, String description, JsonNode data) {
        record(deviceId, DeviceEvent.SYSTEM, code, description, data);
    }

    public void device(UUID deviceId, String code, String description) {
        record(deviceId, DeviceEvent.DEVICE, code, description, null);
    }

    private void record(UUID deviceId, String kind, String code, String description, JsonNode data) {
        tx.executeWithoutResult(s -> insert(deviceId, kind, code, description, data));
    }

    private void insert(UUID deviceId, String kind, String code, String description, JsonNode data) {
        jdbc.sql("""
                insert into devices.events (device_id, at, kind, code, description, data)
                values (:device, :at, :kind, :code, :description, :data::jsonb)
                """).param("device", deviceId).param("at", Timestamp.from(clock.instant())).param("kind", kind)
                .param("code", code).param("description", description)
                .param("data", data == null ? null : json.writeValueAsString(data)).update();
        ObjectNode change = json.createObjectNode().put("kind", kind).put("code", code);
        if (description != null) {
            change.put("description", description);
        }
        if (data != null) {
            change.set("data", data);
        }
        feed.publish(deviceId, LiveChange.EVENT, change);
    }

    /** Newest first. */
    public Page<DeviceEvent> list(UUID deviceId, Long before, int limit) {
        List<DeviceEvent> rows = jdbc.sql("""
                select * from devices.events where device_id = :device and (:before::bigint is null or seq < :before)
                order by seq desc limit :limit
                """).param("device", deviceId).param("before", before).param("limit", limit + 1)
                .query((rs, n) -> {
                    String data = rs.getString("data");
                    return new DeviceEvent(rs.getLong("seq"), deviceId, rs.getTimestamp("at").toInstant(),
                            rs.getString("kind"), rs.getString("code"), rs.getString("description"),
                            data == null ? null : json.readTree(data));
                }).list();
        return Page.of(rows, limit, e -> Long.toString(e.seq()));
    }
}
