package dev.quintet.devices.commands;

import dev.quintet.devices.live.LiveChange;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.paging.Page;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Owner of the {@code commands} table; every state change is one conditional update, safe across nodes, and goes
 * to the device's live feed in the same transaction.
 */
public final class Commands {

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final JsonMapper json;
    private final LiveFeed feed;

    public Commands(JdbcClient jdbc, TransactionTemplate tx, JsonMapper json, LiveFeed feed) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.json = json;
        this.feed = feed;
    }

    /** Stores a new command for a device of {@code accountId} as QUEUED; false when the account has no such device. */
    boolean insert(UUID accountId, Command c) {
        return !announce(() -> {
            int inserted = jdbc.sql("""
                    insert into devices.commands (id, device_id, method, params, two_way, status, timeout_ms, created_at, expires_at)
                    select :id, d.id, :method, :params::jsonb, :twoWay, 'QUEUED', :timeout, :created, :expires
                    from devices.devices d where d.id = :device and d.account_id = :account
                    """).param("id", c.id()).param("device", c.deviceId()).param("account", accountId)
                    .param("method", c.method())
                    .param("params", c.params() == null ? null : json.writeValueAsString(c.params()))
                    .param("twoWay", c.twoWay()).param("timeout", c.timeout().toMillis())
                    .param("created", Timestamp.from(c.createdAt())).param("expires", Timestamp.from(c.expiresAt())).update();
            return inserted == 0 ? List.<Command>of() : List.of(c);
        }).isEmpty();
    }

    public Optional<Command> find(UUID deviceId, UUID id) {
        return jdbc.sql("select * from devices.commands where id = :id and device_id = :device")
                .param("id", id).param("device", deviceId).query((rs, n) -> command(rs)).optional();
    }

    /** Newest first. */
    public Page<Command> list(UUID deviceId, CommandStatus status, Long beforeSeq, int limit) {
        List<Row> rows = jdbc.sql("""
                select * from devices.commands where device_id = :device
                  and (:status::text is null or status = :status) and (:before::bigint is null or seq < :before)
                order by seq desc limit :limit
                """).param("device", deviceId).param("status", status == null ? null : status.name())
                .param("before", beforeSeq).param("limit", limit + 1)
                .query((rs, n) -> new Row(rs.getLong("seq"), command(rs))).list();
        return Page.of(rows, limit, r -> Long.toString(r.seq())).map(Row::command);
    }

    /** Marks the device's queued, unexpired commands SENT, oldest first, and returns them for sending. */
    List<Command> claimQueued(UUID deviceId, Instant now) {
        return announce(() -> sortedBySeq(jdbc.sql("""
                update devices.commands c set status = 'SENT', sent_at = :now,
                    deadline_at = cast(:now as timestamptz) + c.timeout_ms * interval '1 millisecond'
                from (select id from devices.commands where device_id = :device and status = 'QUEUED' and expires_at > :now
                      for update skip locked) due
                where c.id = due.id returning c.*
                """).param("device", deviceId).param("now", Timestamp.from(now))
                .query((rs, n) -> new Row(rs.getLong("seq"), command(rs))).list()));
    }

    /**
     * Stores a new command for a connected device of {@code accountId} as SENT and claims the device's queued,
     * unexpired commands, in one statement that also takes the device's feed lock; returns them all for sending,
     * oldest first, or nothing when the account has no such device. The feed hears that the new command was queued,
     * then that it was sent with the others.
     */
    List<Command> insertAndClaim(UUID accountId, Command c, Instant now) {
        return tx.execute(s -> {
            List<Row> rows = feed.lockParameters(jdbc.sql("""
                    with owned as (
                        select id from devices.devices where id = :device and account_id = :account),
                    claimed as (
                        update devices.commands q set status = 'SENT', sent_at = :now,
                            deadline_at = cast(:now as timestamptz) + q.timeout_ms * interval '1 millisecond'
                        from (select id from devices.commands
                              where device_id = (select id from owned) and status = 'QUEUED' and expires_at > :now
                              for update skip locked) due
                        where q.id = due.id returning q.*),
                    inserted as (
                        insert into devices.commands (id, device_id, method, params, two_way, status, timeout_ms,
                                                      created_at, expires_at, sent_at, deadline_at)
                        select :id, owned.id, :method, :params::jsonb, :twoWay, 'SENT', :timeout, :created, :expires,
                               :now, cast(:now as timestamptz) + :timeout * interval '1 millisecond'
                        from owned
                        returning *),
                    feed as materialized (select %s as head)
                    select sent.*, feed.head as feed_head
                    from (select * from claimed union all select * from inserted) sent cross join feed
                    """.formatted(LiveFeed.LOCK)), c.deviceId())
                    .param("account", accountId).param("id", c.id()).param("device", c.deviceId())
                    .param("method", c.method())
                    .param("params", c.params() == null ? null : json.writeValueAsString(c.params()))
                    .param("twoWay", c.twoWay()).param("timeout", c.timeout().toMillis())
                    .param("created", Timestamp.from(c.createdAt())).param("expires", Timestamp.from(c.expiresAt()))
                    .param("now", Timestamp.from(now))
                    .query((rs, n) -> new Row(rs.getLong("seq"), command(rs), head(rs))).list();
            if (rows.isEmpty()) {
                return List.of();
            }
            feed.locked(c.deviceId(), rows.getFirst().feedHead());
            announce(c);
            List<Command> sent = sortedBySeq(rows);
            sent.forEach(this::announce);
            return sent;
        });
    }

    /** Puts sent but unacknowledged commands back in the queue, e.g. when the device's session ended. */
    int requeue(UUID deviceId, List<UUID> ids) {
        return announce(() -> jdbc.sql("""
                update devices.commands set status = 'QUEUED', sent_at = null, deadline_at = null
                where device_id = :device and status = 'SENT' and (:ids::uuid[] is null or id = any(:ids))
                returning *
                """).param("device", deviceId).param("ids", ids == null ? null : ids.toArray(UUID[]::new))
                .query((rs, n) -> command(rs)).list()).size();
    }

    boolean delivered(UUID deviceId, UUID id, Instant now) {
        return !announce(() -> jdbc.sql("""
                update devices.commands set status = 'DELIVERED', delivered_at = :now,
                    completed_at = case when two_way then null else cast(:now as timestamptz) end
                where id = :id and device_id = :device and status = 'SENT' returning *
                """).param("now", Timestamp.from(now)).param("id", id).param("device", deviceId).query((rs, n) -> command(rs))
                .list()).isEmpty();
    }

    /**
     * Records the device's answer to a two-way command that is SENT or DELIVERED. A SENT one also becomes DELIVERED
     * at {@code deliveredAt} in the same transaction (the answer shows it arrived), and the feed hears both steps.
     */
    boolean answered(UUID deviceId, UUID id, JsonNode result, String error, Instant now, Instant deliveredAt) {
        return !announce(() -> feed.lockParameters(jdbc.sql("""
                with prior as (
                    select id, status from devices.commands
                    where id = :id and device_id = :device and two_way and status in ('SENT', 'DELIVERED') for update)
                update devices.commands c set status = :status, result = :result::jsonb, error = :error,
                    completed_at = :now, delivered_at = coalesce(c.delivered_at, cast(:delivered as timestamptz))
                from prior where c.id = prior.id
                returning c.*, prior.status as prior_status, %s as feed_head
                """.formatted(LiveFeed.LOCK)), deviceId).param("status", error == null ? "SUCCEEDED" : "FAILED")
                .param("result", result == null ? null : json.writeValueAsString(result)).param("error", error)
                .param("now", Timestamp.from(now)).param("delivered", Timestamp.from(deliveredAt))
                .param("id", id).param("device", deviceId)
                .query((rs, n) -> {
                    feed.locked(deviceId, head(rs));
                    Command answered = command(rs);
                    return CommandStatus.SENT.name().equals(rs.getString("prior_status"))
                            ? List.of(delivered(answered), answered) : List.of(answered);
                }).list().stream().flatMap(List::stream).toList()).isEmpty();
    }

    boolean cancel(UUID deviceId, UUID id, Instant now) {
        return !announce(() -> jdbc.sql("""
                update devices.commands set status = 'CANCELED', completed_at = :now
                where id = :id and device_id = :device
                  and (status in ('QUEUED', 'SENT') or (status = 'DELIVERED' and two_way))
                returning *
                """).param("now", Timestamp.from(now)).param("id", id).param("device", deviceId)
                .query((rs, n) -> command(rs)).list()).isEmpty();
    }

    /** Ends up to {@code batch} overdue commands: queued past expiry, or sent without an answer past the timeout. */
    int sweep(Instant now, int batch) {
        return announce(() -> jdbc.sql("""
                with due as (
                    select id from devices.commands
                    where (status = 'QUEUED' and expires_at <= :now)
                       or ((status = 'SENT' or (status = 'DELIVERED' and two_way)) and deadline_at <= :now)
                    order by seq limit :batch for update skip locked)
                update devices.commands c
                set status = case when c.status = 'QUEUED' then 'EXPIRED' else 'TIMED_OUT' end, completed_at = :now
                from due where c.id = due.id returning c.*
                """).param("now", Timestamp.from(now)).param("batch", batch).query((rs, n) -> command(rs)).list()).size();
    }

    /** Makes a change and tells each changed command's device what became of it, in one transaction; returns them. */
    private List<Command> announce(Supplier<List<Command>> change) {
        return tx.execute(s -> {
            List<Command> changed = change.get();
            changed.forEach(this::announce);
            return changed;
        });
    }

    private void announce(Command c) {
        ObjectNode data = json.createObjectNode().put("id", c.id().toString()).put("method", c.method())
                .put("status", c.status().name());
        if (c.result() != null) {
            data.set("result", c.result());
        }
        if (c.error() != null) {
            data.put("error", c.error());
        }
        feed.publish(c.deviceId(), LiveChange.COMMAND, data);
    }

    private record Row(long seq, Command command, Long feedHead) {

        Row(long seq, Command command) {
            this(seq, command, null);
        }
    }

    /** The head the statement's feed lock found ({@link LiveFeed#LOCK}); null when nobody watches the device. */
    private static Long head(ResultSet rs) throws SQLException {
        long head = rs.getLong("feed_head");
        return rs.wasNull() ? null : head;
    }

    private static List<Command> sortedBySeq(List<Row> rows) {
        return rows.stream().sorted(Comparator.comparingLong(Row::seq)).map(Row::command).toList();
    }

    /** The answered command {@code c} as it stood once delivered, before the answer. */
    private static Command delivered(Command c) {
        return new Command(c.id(), c.deviceId(), c.method(), c.params(), c.twoWay(), CommandStatus.DELIVERED,
                c.timeout(), c.createdAt(), c.expiresAt(), c.sentAt(), c.deliveredAt(), null, null, null);
    }

    private Command command(ResultSet rs) throws SQLException {
        String params = rs.getString("params");
        String result = rs.getString("result");
        return new Command(rs.getObject("id", UUID.class), rs.getObject("device_id", UUID.class), rs.getString("method"),
                params == null ? null : json.readTree(params), rs.getBoolean("two_way"),
                CommandStatus.valueOf(rs.getString("status")), Duration.ofMillis(rs.getLong("timeout_ms")),
                instant(rs, "created_at"), instant(rs, "expires_at"), instant(rs, "sent_at"), instant(rs, "delivered_at"),
                instant(rs, "completed_at"), result == null ? null : json.readTree(result), rs.getString("error"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }
}
