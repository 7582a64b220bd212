package dev.quintet.packages.store;

import dev.quintet.packages.registry.Ecosystem;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Bulk writes of a whole ingested index into {@code packages.projects} and {@code packages.versions}, which
 * {@link Projects} otherwise writes one upstream answer at a time: thousands of packages per statement, and rows
 * written only where something changed. As there, nothing is deleted and fields left empty keep their stored values.
 * The caller keeps the latest releases on each project row (an index only ever adds versions).
 */
public final class IndexedProjects {

    private final JdbcClient jdbc;

    public IndexedProjects(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The latest releases kept on a project row. */
    public record Latest(String latest, Instant publishedAt, String latestStable) {
    }

    /**
     * One package of an index as its project. Null description, homepage and keyword keep the stored values: an index
     * gives them only for the package's newest version, so an older suite never overwrites what a newer one said.
     */
    public record IndexedProject(String normalizedName, String name, String description, String homepage,
                                 String keyword, Latest latest) {
    }

    /**
     * Creates the projects not stored yet, and updates (marking them active, {@code fetched_at} now) those whose
     * status, fields or latest releases differ; returns the id of every given project by normalized name.
     */
    public Map<String, Long> upsert(Ecosystem ecosystem, List<IndexedProject> projects, Instant now) {
        String[] normalized = projects.stream().map(IndexedProject::normalizedName).toArray(String[]::new);
        jdbc.sql("""
                insert into packages.projects (platform, name, normalized_name, description, homepage, keywords, status,
                    fetched_at, created_at, updated_at, latest_release_number, latest_release_published_at,
                    latest_stable_release_number)
                select :platform, p.name, p.normalized_name, p.description, p.homepage,
                    case when p.keyword is null then '{}'::text[] else array[p.keyword] end, 'active', :now, :now, :now,
                    p.latest, p.published, p.stable
                from unnest(:names::text[], :normalized::text[], :descriptions::text[], :homepages::text[],
                            :keywords::text[], :latest::text[], :published::timestamptz[], :stable::text[])
                    as p(name, normalized_name, description, homepage, keyword, latest, published, stable)
                on conflict (platform, normalized_name) do update set
                    description = coalesce(excluded.description, projects.description),
                    homepage = coalesce(excluded.homepage, projects.homepage),
                    keywords = case when cardinality(excluded.keywords) > 0 then excluded.keywords else projects.keywords end,
                    latest_release_number = excluded.latest_release_number,
                    latest_release_published_at = excluded.latest_release_published_at,
                    latest_stable_release_number = excluded.latest_stable_release_number,
                    status = 'active', fetched_at = excluded.fetched_at, updated_at = excluded.updated_at
                where projects.status <> 'active'
                    or excluded.description is not null and excluded.description is distinct from projects.description
                    or excluded.homepage is not null and excluded.homepage is distinct from projects.homepage
                    or cardinality(excluded.keywords) > 0 and excluded.keywords is distinct from projects.keywords
                    or excluded.latest_release_number is distinct from projects.latest_release_number
                    or excluded.latest_release_published_at is distinct from projects.latest_release_published_at
                    or excluded.latest_stable_release_number is distinct from projects.latest_stable_release_number
                """).param("platform", ecosystem.key()).param("now", Timestamp.from(now))
                .param("names", projects.stream().map(IndexedProject::name).toArray(String[]::new))
                .param("normalized", normalized)
                .param("descriptions", projects.stream().map(IndexedProject::description).toArray(String[]::new))
                .param("homepages", projects.stream().map(IndexedProject::homepage).toArray(String[]::new))
                .param("keywords", projects.stream().map(IndexedProject::keyword).toArray(String[]::new))
                .param("latest", projects.stream().map(p -> p.latest().latest()).toArray(String[]::new))
                .param("published", projects.stream().map(p -> p.latest().publishedAt() == null ? null
                        : p.latest().publishedAt().toString()).toArray(String[]::new))
                .param("stable", projects.stream().map(p -> p.latest().latestStable()).toArray(String[]::new))
                .update();
        return jdbc.sql("""
                select id, normalized_name from packages.projects
                where platform = :platform and normalized_name = any(:normalized::text[])
                """).param("platform", ecosystem.key()).param("normalized", normalized)
                .query((rs, n) -> Map.entry(rs.getString("normalized_name"), rs.getLong("id"))).list().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** Adds versions published at {@code publishedAt}; a stored version keeps the earliest date known for it. */
    public void addVersions(Long[] projectIds, String[] numbers, Instant publishedAt) {
        jdbc.sql("""
                insert into packages.versions (project_id, number, published_at)
                select v.project_id, v.number, :published
                from unnest(:ids::bigint[], :numbers::text[]) as v(project_id, number)
                on conflict (project_id, number) do update set published_at = excluded.published_at
                where versions.published_at is null or versions.published_at > excluded.published_at
                """).param("ids", projectIds).param("numbers", numbers)
                .param("published", publishedAt == null ? null : Timestamp.from(publishedAt)).update();
    }

    /** The latest releases kept on every project row of the platform, by normalized name. */
    public Map<String, Latest> latestReleases(Ecosystem ecosystem) {
        Map<String, Latest> latest = new HashMap<>();
        jdbc.sql("""
                select normalized_name, latest_release_number, latest_release_published_at, latest_stable_release_number
                from packages.projects where platform = :platform
                """).param("platform", ecosystem.key())
                .query(rs -> {
                    Timestamp published = rs.getTimestamp(3);
                    latest.put(rs.getString(1), new Latest(rs.getString(2),
                            published == null ? null : published.toInstant(), rs.getString(4)));
                });
        return latest;
    }
}
