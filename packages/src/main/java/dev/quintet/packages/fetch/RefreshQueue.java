package dev.quintet.packages.fetch;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The refresh jobs in PostgreSQL: enqueued from demand, claimed with {@code SKIP LOCKED} under a lease. */
final class RefreshQueue {

    /** A claimed job: the project to revalidate and how often that failed before. */
    record Claimed(long projectId, String platform, String normalizedName, int attempts) {
    }

    private final JdbcClient jdbc;

    RefreshQueue(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Adds the project, or adds to its hits and keeps the earlier due time when it is queued already. */
    void enqueue(long projectId, Instant dueAt, long hits) {
        jdbc.sql("""
                insert into packages.refresh_queue (project_id, due_at, hits)
                select id, :due, :hits from packages.projects where id = :project
                on conflict (project_id) do update set hits = refresh_queue.hits + excluded.hits,
                    due_at = least(refresh_queue.due_at, excluded.due_at)
                """).param("project", projectId).param("due", Timestamp.from(dueAt)).param("hits", hits).update();
    }

    /** Takes up to {@code limit} due jobs that no one holds, most overdue first, and holds them until {@code leaseEnd}. */
    List<Claimed> claim(int limit, Instant now, Instant leaseEnd) {
        return jdbc.sql("""
                update packages.refresh_queue q set claimed_until = :lease_end
                from (select project_id from packages.refresh_queue
                      where due_at <= :now and (claimed_until is null or claimed_until <= :now)
                      order by due_at limit :limit for update skip locked) next, packages.projects p
                where q.project_id = next.project_id and p.id = q.project_id
                returning q.project_id, p.platform, p.normalized_name, q.attempts
                """).param("lease_end", Timestamp.from(leaseEnd)).param("now", Timestamp.from(now))
                .param("limit", limit)
                .query((rs, n) -> new Claimed(rs.getLong("project_id"), rs.getString("platform"),
                        rs.getString("normalized_name"), rs.getInt("attempts")))
                .list();
    }

    void done(long projectId) {
        jdbc.sql("delete from packages.refresh_queue where project_id = :project").param("project", projectId).update();
    }

    /** Releases the job to run again at {@code dueAt}, counting a failed attempt. */
    void retryAt(long projectId, Instant dueAt) {
        jdbc.sql("""
                update packages.refresh_queue set due_at = :due, claimed_until = null, attempts = attempts + 1
                where project_id = :project
                """).param("due", Timestamp.from(dueAt)).param("project", projectId).update();
    }

    /** Moves every job of one platform to {@code until} at the earliest (its upstream asked us to slow down). */
    int postponePlatform(String platform, Instant until) {
        return jdbc.sql("""
                update packages.refresh_queue q set due_at = greatest(q.due_at, :until), claimed_until = null
                from packages.projects p where p.id = q.project_id and p.platform = :platform
                """).param("until", Timestamp.from(until)).param("platform", platform).update();
    }
}
