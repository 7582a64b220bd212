package dev.quintet.devices.values;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owner of the {@code shadow_versions} table: one counter per device, raised by every change of its reported or
 * desired values. A change raises it first thing in its transaction, so changes of one device run one at a time.
 */
public final class ShadowVersions {

    private final JdbcClient jdbc;

    public ShadowVersions(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long raise(UUID deviceId) {
        return jdbc.sql("""
                insert into devices.shadow_versions (device_id, version) values (:device, 1)
                on conflict (device_id) do update set version = shadow_versions.version + 1
                returning version
                """).param("device", deviceId).query(Long.class).single();
    }

    /**
     * Raises the version of each device by its number of changes in one statement, devices in the map's order (give
     * a sorted map, so concurrent batches lock rows in the same order); returns the new versions.
     */
    Map<UUID, Long> raiseAll(Map<UUID, Integer> changes) {
        Map<UUID, Long> raised = new HashMap<>();
        jdbc.sql("""
                insert into devices.shadow_versions (device_id, version)
                select * from unnest(cast(:devices as uuid[]), cast(:counts as bigint[]))
                on conflict (device_id) do update set version = shadow_versions.version + excluded.version
                returning device_id, version
                """).param("devices", SqlArrays.column(List.copyOf(changes.keySet()), d -> d))
                .param("counts", SqlArrays.column(List.copyOf(changes.values()), c -> c))
                .query((rs, n) -> raised.put(rs.getObject("device_id", UUID.class), rs.getLong("version"))).list();
        return raised;
    }

    /**
     * Locks the version rows of {@code devices} (a sorted set, as {@link #raiseAll} locks them) until the transaction
     * ends, and returns their versions; 0 for a device without changes yet.
     */
    Map<UUID, Long> lock(Set<UUID> devices) {
        Map<UUID, Long> locked = new HashMap<>();
        jdbc.sql("""
                insert into devices.shadow_versions (device_id, version)
                select unnest(cast(:devices as uuid[])), 0
                on conflict (device_id) do update set version = shadow_versions.version
                returning device_id, version
                """).param("devices", SqlArrays.column(List.copyOf(devices), d -> d))
                .query((rs, n) -> locked.put(rs.getObject("device_id", UUID.class), rs.getLong("version"))).list();
        return locked;
    }

    /** Raises the version if it is still {@code expected}; empty when another change came first. */
    OptionalLong raiseFrom(UUID deviceId, long expected) {
        jdbc.sql("insert into devices.shadow_versions (device_id, version) values (:device, 0) on conflict do nothing")
                .param("device", deviceId).update();
        return jdbc.sql("""
                update devices.shadow_versions set version = version + 1
                where device_id = :device and version = :expected returning version
                """).param("device", deviceId).param("expected", expected).query(Long.class).optional()
                .map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    /** The current version; 0 before the first change. */
    long current(UUID deviceId) {
        return jdbc.sql("select version from devices.shadow_versions where device_id = :device")
                .param("device", deviceId).query(Long.class).optional().orElse(0L);
    }
}
