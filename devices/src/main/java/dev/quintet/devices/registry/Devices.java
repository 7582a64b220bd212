package dev.quintet.devices.registry;

import dev.quintet.devices.paging.Page;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Owner of the {@code devices} table: devices of accounts, their token hashes and online status. */
public final class Devices {

    /** When an online device was last seen. */
    public record Sighting(UUID id, Instant lastSeenAt) {
    }

    /** A new device and its token, which is shown this once. */
    public record Created(Device device, String token) {
    }

    private final JdbcClient jdbc;
    private final Clock clock;
    private final JsonMapper json;
    private final DeviceTokens tokens;

    public Devices(JdbcClient jdbc, Clock clock, JsonMapper json, DeviceTokens tokens) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.json = json;
        this.tokens = tokens;
    }

    public Created create(UUID accountId, UUID templateId, String name, JsonNode metadata) {
        UUID id = UUID.randomUUID();
        String token = tokens.generate();
        jdbc.sql("""
                insert into devices.devices (id, account_id, template_id, name, metadata, token_hash, token_hint,
                    created_at, updated_at)
                values (:id, :account, :template, :name, :metadata::jsonb, :hash, :hint, :now, :now)
                """).param("id", id).param("account", accountId).param("template", templateId).param("name", name)
                .param("metadata", json.writeValueAsString(metadata)).param("hash", DeviceTokens.hash(token))
                .param("hint", DeviceTokens.hint(token)).param("now", Timestamp.from(clock.instant())).update();
        return new Created(byId(id).orElseThrow(), token);
    }

    /** The device if it belongs to {@code accountId}. */
    public Optional<Device> find(UUID accountId, UUID id) {
        return byId(id).filter(d -> d.accountId().equals(accountId));
    }

    public Optional<Device> byId(UUID id) {
        return jdbc.sql("select * from devices.devices where id = :id").param("id", id)
                .query((rs, n) -> device(rs)).optional();
    }

    /** The device holding {@code token}; empty for an unknown or malformed token. */
    public Optional<Device> byToken(String token) {
        if (!DeviceTokens.isWellFormed(token)) {
            return Optional.empty();
        }
        return jdbc.sql("select * from devices.devices where token_hash = :hash").param("hash", DeviceTokens.hash(token))
                .query((rs, n) -> device(rs)).optional();
    }

    public Page<Device> list(UUID accountId, DeviceFilter filter, UUID after, int limit) {
        String name = filter.name() == null ? null : "%" + filter.name().replace("\\", "\\\\")
                .replace("%", "\\%").replace("_", "\\_") + "%";
        List<Device> rows = jdbc.sql("""
                select * from devices.devices
                where account_id = :account and (:after::uuid is null or id > :after)
                  and (:template::uuid is null or template_id = :template)
                  and (:online::boolean is null or online = :online)
                  and (:name::text is null or name ilike :name)
                order by id limit :limit
                """).param("account", accountId).param("after", after).param("template", filter.templateId())
                .param("online", filter.online()).param("name", name).param("limit", limit + 1)
                .query((rs, n) -> device(rs)).list();
        return Page.of(rows, limit, d -> d.id().toString());
    }

    public Optional<Device> update(UUID accountId, UUID id, String name, JsonNode metadata) {
        int n = jdbc.sql("""
                update devices.devices set name = coalesce(:name, name),
                    metadata = coalesce(:metadata::jsonb, metadata), updated_at = :now
                where id = :id and account_id = :account
                """).param("name", name).param("metadata", metadata == null ? null : json.writeValueAsString(metadata))
                .param("now", Timestamp.from(clock.instant())).param("id", id).param("account", accountId).update();
        return n == 0 ? Optional.empty() : byId(id);
    }

    public boolean delete(UUID accountId, UUID id) {
        return jdbc.sql("delete from devices.devices where id = :id and account_id = :account")
                .param("id", id).param("account", accountId).update() > 0;
    }

    /** Replaces the device's token; the old one stops working at once. Returns the new token. */
    public Optional<String> rotateToken(UUID accountId, UUID id) {
        String token = tokens.generate();
        int n = jdbc.sql("""
                update devices.devices set token_hash = :hash, token_hint = :hint, updated_at = :now
                where id = :id and account_id = :account
                """).param("hash", DeviceTokens.hash(token)).param("hint", DeviceTokens.hint(token))
                .param("now", Timestamp.from(clock.instant())).param("id", id).param("account", accountId).update();
        return n == 0 ? Optional.empty() : Optional.of(token);
    }

    /**
     * Sets the online flag and {@code last_seen_at} (kept as it was when an offline device is set offline again);
     * true when the flag changed.
     */
    public boolean setOnline(UUID id, boolean online, Instant at) {
        return jdbc.sql("""
                update devices.devices d set online = :online,
                    last_seen_at = case when cast(:online as boolean) or old.was then :at else d.last_seen_at end
                from (select id, online as was from devices.devices where id = :id for update) old
                where d.id = old.id returning old.was
                """).param("online", online).param("at", Timestamp.from(at)).param("id", id)
                .query(Boolean.class).optional().map(was -> was != online).orElse(false);
    }

    public boolean touch(UUID id, Instant at) {
        return jdbc.sql("update devices.devices set last_seen_at = :at where id = :id")
                .param("at", Timestamp.from(at)).param("id", id).update() > 0;
    }

    /** Online devices not seen since before {@code cutoff}, longest silent first, after {@code after} (or from the first). */
    public List<Sighting> silentSince(Instant cutoff, Sighting after, int limit) {
        return jdbc.sql("""
                select id, last_seen_at from devices.devices where online and last_seen_at < :cutoff
                and (cast(:afterSeen as timestamptz) is null or (last_seen_at, id) > (:afterSeen, :afterId))
                order by last_seen_at, id limit :limit
                """).param("cutoff", Timestamp.from(cutoff))
                .param("afterSeen", after == null ? null : Timestamp.from(after.lastSeenAt()))
                .param("afterId", after == null ? null : after.id()).param("limit", limit)
                .query((rs, n) -> new Sighting(rs.getObject("id", UUID.class), rs.getTimestamp("last_seen_at").toInstant()))
                .list();
    }

    /** Sets the device offline if it is online and was not seen since {@code lastSeenAt}; true when it did. */
    public boolean setOfflineIfSilent(UUID id, Instant lastSeenAt) {
        return jdbc.sql("""
                update devices.devices set online = false where id = :id and online and last_seen_at = :seen
                """).param("id", id).param("seen", Timestamp.from(lastSeenAt)).update() > 0;
    }

    /** At start-up no device is connected to this node's broker yet. */
    public int markAllOffline() {
        return jdbc.sql("update devices.devices set online = false where online").update();
    }

    private Device device(ResultSet rs) throws SQLException {
        Timestamp seen = rs.getTimestamp("last_seen_at");
        return new Device(rs.getObject("id", UUID.class), rs.getObject("account_id", UUID.class),
                rs.getObject("template_id", UUID.class), rs.getString("name"), json.readTree(rs.getString("metadata")),
                rs.getString("token_hint"), rs.getBoolean("online"), seen == null ? null : seen.toInstant(),
                rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant());
    }
}
