package dev.quintet.devices.templates;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.devices.paging.Page;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** Owner of the {@code templates} and {@code datastreams} tables; reads by id are cached for device traffic. */
public final class Templates {

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final JsonMapper json;
    private final Cache<UUID, Optional<Template>> byId;

    public Templates(JdbcClient jdbc, TransactionTemplate tx, Clock clock, JsonMapper json, Duration cacheTtl) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.clock = clock;
        this.json = json;
        this.byId = Caffeine.newBuilder().expireAfterWrite(cacheTtl).maximumSize(10_000).build();
    }

    public Template create(UUID accountId, String name, String description, List<Datastream> datastreams) {
        UUID id = UUID.randomUUID();
        Timestamp now = Timestamp.from(clock.instant());
        tx.executeWithoutResult(s -> {
            jdbc.sql("""
                    insert into devices.templates (id, account_id, name, description, created_at, updated_at)
                    values (:id, :account, :name, :description, :now, :now)
                    """).param("id", id).param("account", accountId).param("name", name)
                    .param("description", description).param("now", now).update();
            datastreams.forEach(d -> insertDatastream(id, d));
        });
        return find(accountId, id).orElseThrow();
    }

    /** The template if it belongs to {@code accountId}. */
    public Optional<Template> find(UUID accountId, UUID id) {
        return byId(id).filter(t -> t.accountId().equals(accountId));
    }

    /** Any account's template, for device traffic. */
    public Optional<Template> byId(UUID id) {
        return byId.get(id, this::load);
    }

    public Page<Template> list(UUID accountId, UUID after, int limit) {
        List<UUID> ids = jdbc.sql("""
                select id from devices.templates where account_id = :account and (:after::uuid is null or id > :after)
                order by id limit :limit
                """).param("account", accountId).param("after", after).param("limit", limit + 1)
                .query(UUID.class).list();
        return Page.of(ids.stream().map(id -> byId(id).orElseThrow()).toList(), limit, t -> t.id().toString());
    }

    public Optional<Template> update(UUID accountId, UUID id, String name, String description) {
        int n = jdbc.sql("""
                update devices.templates set name = coalesce(:name, name), description = coalesce(:description, description),
                    updated_at = :now where id = :id and account_id = :account
                """).param("name", name).param("description", description).param("now", Timestamp.from(clock.instant()))
                .param("id", id).param("account", accountId).update();
        byId.invalidate(id);
        return n == 0 ? Optional.empty() : find(accountId, id);
    }

    /** Creates or replaces the datastream on {@code datastream.pin()}. */
    public void putDatastream(UUID templateId, Datastream datastream) {
        tx.executeWithoutResult(s -> {
            jdbc.sql("delete from devices.datastreams where template_id = :t and pin = :pin")
                    .param("t", templateId).param("pin", datastream.pin()).update();
            insertDatastream(templateId, datastream);
            touch(templateId);
        });
        byId.invalidate(templateId);
    }

    public boolean deleteDatastream(UUID templateId, int pin) {
        int n = jdbc.sql("delete from devices.datastreams where template_id = :t and pin = :pin")
                .param("t", templateId).param("pin", pin).update();
        touch(templateId);
        byId.invalidate(templateId);
        return n > 0;
    }

    /** Deletes a template no device uses; false when devices still use it. */
    public boolean delete(UUID accountId, UUID id) {
        Boolean used = jdbc.sql("select exists (select 1 from devices.devices where template_id = :id)")
                .param("id", id).query(Boolean.class).single();
        if (used) {
            return false;
        }
        jdbc.sql("delete from devices.templates where id = :id and account_id = :account")
                .param("id", id).param("account", accountId).update();
        byId.invalidate(id);
        return true;
    }

    private void touch(UUID templateId) {
        jdbc.sql("update devices.templates set updated_at = :now where id = :id")
                .param("now", Timestamp.from(clock.instant())).param("id", templateId).update();
    }

    private void insertDatastream(UUID templateId, Datastream d) {
        jdbc.sql("""
                insert into devices.datastreams (template_id, pin, name, type, unit, min_value, max_value, options, default_value)
                values (:t, :pin, :name, :type, :unit, :min, :max, :options, :default::jsonb)
                """).param("t", templateId).param("pin", d.pin()).param("name", d.name()).param("type", d.type().key())
                .param("unit", d.unit()).param("min", d.min()).param("max", d.max())
                .param("options", d.options().isEmpty() ? null : d.options().toArray(String[]::new))
                .param("default", d.defaultValue() == null ? null : json.writeValueAsString(d.defaultValue())).update();
    }

    private Optional<Template> load(UUID id) {
        List<Datastream> streams = jdbc.sql("select * from devices.datastreams where template_id = :id order by pin")
                .param("id", id).query((rs, n) -> datastream(rs)).list();
        return jdbc.sql("select * from devices.templates where id = :id").param("id", id)
                .query((rs, n) -> new Template(rs.getObject("id", UUID.class), rs.getObject("account_id", UUID.class),
                        rs.getString("name"), rs.getString("description"), streams,
                        rs.getTimestamp("created_at").toInstant(), rs.getTimestamp("updated_at").toInstant()))
                .optional();
    }

    private Datastream datastream(ResultSet rs) throws SQLException {
        Array options = rs.getArray("options");
        String defaultValue = rs.getString("default_value");
        return new Datastream(rs.getInt("pin"), rs.getString("name"),
                DatastreamType.named(rs.getString("type")).orElseThrow(), rs.getString("unit"),
                rs.getObject("min_value", Double.class), rs.getObject("max_value", Double.class),
                options == null ? List.of() : Arrays.asList((String[]) options.getArray()),
                defaultValue == null ? null : json.readTree(defaultValue));
    }

}
