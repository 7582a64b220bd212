package dev.quintet.events.organizing;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The {@code events.organizations} table: one organization per account, made with its first organizer on first use. */
public final class Organizations {

    private final JdbcClient jdbc;
    private final Clock clock;

    public Organizations(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The account's organization; the first call makes it (named {@code name}) and its organizer, atomically. */
    public Organization of(UUID account, String name) {
        jdbc.sql("""
                WITH made AS (
                    INSERT INTO events.organizations (account_id, name, created_at) VALUES (:account, :name, :now)
                    ON CONFLICT (account_id) DO NOTHING RETURNING id, name)
                INSERT INTO events.organizers (account_id, organization_id, name, description, created_at)
                SELECT :account, id, name, '', :now FROM made""")
                .param("account", account).param("name", name).param("now", Timestamp.from(clock.instant()))
                .update();
        return jdbc.sql("""
                SELECT o.id, o.name, (SELECT min(r.id) FROM events.organizers r WHERE r.organization_id = o.id)
                FROM events.organizations o WHERE o.account_id = :account""")
                .param("account", account)
                .query((rs, n) -> new Organization(rs.getLong(1), rs.getString(2), rs.getLong(3))).single();
    }
}
