package dev.quintet.events.search;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** One organization's events (drafts included) or one organizer's, by status, in the order asked, a page at a time. */
public final class EventLists {

    /** A page of events and how many match in all. */
    public record Found(List<Event> events, int total) {
    }

    private final JdbcClient jdbc;
    private final Clock clock;

    public EventLists(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public Found ofOrganization(long organization, EventListQuery q) {
        return list("e.organization_id = :owner", organization, q);
    }

    public Found ofOrganizer(long organizer, EventListQuery q) {
        return list("e.organizer_id = :owner", organizer, q);
    }

    private Found list(String owner, long id, EventListQuery q) {
        String where = " FROM events.events e WHERE " + owner + " AND " + Events.STATUS + " = ANY(:statuses)";
        Timestamp now = Timestamp.from(clock.instant());
        String[] statuses = q.statuses().toArray(String[]::new);
        int total = jdbc.sql("SELECT count(*)" + where).param("owner", id).param("now", now)
                .param("statuses", statuses).query(Integer.class).single();
        List<Event> events = jdbc.sql("SELECT " + Events.EVENT_COLUMNS + where + " ORDER BY "
                        + EventListQuery.ORDERS.get(q.orderBy()) + " LIMIT :limit OFFSET :offset")
                .param("owner", id).param("now", now).param("statuses", statuses)
                .param("limit", q.pageSize()).param("offset", (long) (q.page() - 1) * q.pageSize())
                .query((rs, n) -> Events.event(rs)).list();
        return new Found(events, total);
    }
}
