package dev.quintet.devices.values;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Owner of the {@code latest_values} table. */
public final class LatestValues {

    /** A desired value claimed for sending. */
    public record Pending(int pin, JsonNode value, Instant desiredAt) {
    }

    /** A device's datastream, in the order rows are written in. */
    record Key(UUID deviceId, int pin) implements Comparable<Key> {
        @Override
        public int compareTo(Key other) {
            int byDevice = deviceId.compareTo(other.deviceId);
            return byDevice != 0 ? byDevice : Integer.compare(pin, other.pin);
        }
    }

    private final JdbcClient jdbc;
    private final JsonMapper json;

    public LatestValues(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Sets the reported value of each row's device and pin, in the list's order; at most one row per pin. */
    void reportAll(List<ValueHistory.Row> rows) {
        jdbc.sql("""
                insert into devices.latest_values (device_id, pin, reported, reported_at)
                select * from unnest(cast(:devices as uuid[]), cast(:pins as smallint[]), cast(:values as jsonb[]),
                    cast(:ats as timestamptz[]))
                on conflict (device_id, pin) do update set reported = excluded.reported, reported_at = excluded.reported_at
                """).param("devices", SqlArrays.column(rows, r -> r.deviceId().toString()))
                .param("pins", SqlArrays.column(rows, ValueHistory.Row::pin))
                .param("values", SqlArrays.column(rows, r -> json.writeValueAsString(r.value())))
                .param("ats", SqlArrays.column(rows, r -> r.at().toString())).update();
    }

    void desire(UUID deviceId, int pin, JsonNode value, Instant at) {
        jdbc.sql("""
                insert into devices.latest_values (device_id, pin, desired, desired_at, desired_pending)
                values (:device, :pin, :value::jsonb, :at, true)
                on conflict (device_id, pin) do update set desired = excluded.desired, desired_at = excluded.desired_at,
                    desired_pending = true
                """).param("device", deviceId).param("pin", pin).param("value", json.writeValueAsString(value))
                .param("at", Timestamp.from(at)).update();
    }

    /** Forgets the desired value of the pin: nothing waits to be sent, and the shadow no longer asks for it. */
    void clearDesired(UUID deviceId, int pin) {
        jdbc.sql("""
                update devices.latest_values set desired = null, desired_at = null, desired_pending = false
                where device_id = :device and pin = :pin
                """).param("device", deviceId).param("pin", pin).update();
    }

    /** Takes the device's unsent desired values; whoever claims them sends them. */
    List<Pending> claimPending(UUID deviceId) {
        return jdbc.sql("""
                update devices.latest_values set desired_pending = false
                where device_id = :device and desired_pending returning pin, desired, desired_at
                """).param("device", deviceId).query((rs, n) -> new Pending(rs.getInt("pin"),
                        json.readTree(rs.getString("desired")), rs.getTimestamp("desired_at").toInstant())).list();
    }

    /** Puts a claimed value back, unless a newer one replaced it meanwhile. */
    void unclaim(UUID deviceId, Pending pending) {
        jdbc.sql("""
                update devices.latest_values set desired_pending = true
                where device_id = :device and pin = :pin and desired_at = :at
                """).param("device", deviceId).param("pin", pending.pin()).param("at", Timestamp.from(pending.desiredAt()))
                .update();
    }

    public Map<Integer, LatestValue> read(UUID deviceId) {
        return jdbc.sql("select * from devices.latest_values where device_id = :device").param("device", deviceId)
                .query((rs, n) -> latest(rs)).list().stream()
                .collect(Collectors.toMap(LatestValue::pin, Function.identity()));
    }

    private LatestValue latest(ResultSet rs) throws SQLException {
        return new LatestValue(rs.getInt("pin"), node(rs.getString("reported")), instant(rs.getTimestamp("reported_at")),
                node(rs.getString("desired")), instant(rs.getTimestamp("desired_at")), rs.getBoolean("desired_pending"));
    }

    private JsonNode node(String text) {
        return text == null ? null : json.readTree(text);
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
