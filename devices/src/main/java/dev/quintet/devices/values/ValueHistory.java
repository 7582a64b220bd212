package dev.quintet.devices.values;

import dev.quintet.devices.templates.ValueRules;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Owner of the {@code value_history} table: every reported value, BRIN-indexed on time, written in batches and
 * kept for the retention period.
 */
public final class ValueHistory {

    /** One reported value of one pin. */
    record Row(UUID deviceId, int pin, Instant at, JsonNode value) {
    }

    private final JdbcClient jdbc;
    private final JsonMapper json;

    public ValueHistory(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Appends the rows with one statement, numbered in list order. */
    void appendAll(List<Row> rows) {
        jdbc.sql("""
                insert into devices.value_history (device_id, pin, at, value, number)
                select d, p, a, v, n from unnest(cast(:devices as uuid[]), cast(:pins as smallint[]),
                    cast(:ats as timestamptz[]), cast(:values as jsonb[]), cast(:numbers as float8[]))
                    with ordinality as u(d, p, a, v, n, i) order by i
                """).param("devices", SqlArrays.column(rows, r -> r.deviceId().toString()))
                .param("pins", SqlArrays.column(rows, Row::pin))
                .param("ats", SqlArrays.column(rows, r -> r.at().toString()))
                .param("values", SqlArrays.column(rows, r -> json.writeValueAsString(r.value())))
                .param("numbers", SqlArrays.column(rows, r -> ValueRules.number(r.value()))).update();
    }

    /** Deletes up to {@code limit} values older than {@code cutoff}; returns how many. */
    int deleteBefore(Instant cutoff, int limit) {
        return jdbc.sql("""
                delete from devices.value_history where ctid = any (array(
                    select ctid from devices.value_history where at < :cutoff limit :limit))
                """).param("cutoff", Timestamp.from(cutoff)).param("limit", limit).update();
    }

    public List<HistoryPoint> read(UUID deviceId, int pin, HistoryQuery q) {
        if (q.agg() == Aggregation.NONE) {
            return jdbc.sql("""
                    select at, value from devices.value_history
                    where device_id = :device and pin = :pin and at >= :from and at < :to
                    order by at, seq limit :limit
                    """).param("device", deviceId).param("pin", pin).param("from", Timestamp.from(q.from()))
                    .param("to", Timestamp.from(q.to())).param("limit", q.limit())
                    .query((rs, n) -> new HistoryPoint(rs.getTimestamp("at").toInstant(), json.readTree(rs.getString("value"))))
                    .list();
        }
        String bucket = q.interval() == null ? "cast(:from as timestamptz)"
                : "date_bin(make_interval(secs => :seconds), at, cast(:from as timestamptz))";
        return jdbc.sql("""
                select %s as t, %s as v from devices.value_history
                where device_id = :device and pin = :pin and at >= :from and at < :to
                group by 1 having count(*) > 0 order by 1
                """.formatted(bucket, q.agg().sql)).param("device", deviceId).param("pin", pin)
                .param("from", Timestamp.from(q.from())).param("to", Timestamp.from(q.to()))
                .param("seconds", q.interval() == null ? 0 : q.interval().toSeconds())
                .query((rs, n) -> {
                    double v = rs.getDouble("v");
                    JsonNode value = rs.wasNull() ? JsonNodeFactory.instance.nullNode()
                            : q.agg() == Aggregation.COUNT ? JsonNodeFactory.instance.numberNode((long) v)
                            : JsonNodeFactory.instance.numberNode(v);
                    return new HistoryPoint(rs.getTimestamp("t").toInstant(), value);
                }).list();
    }
}
