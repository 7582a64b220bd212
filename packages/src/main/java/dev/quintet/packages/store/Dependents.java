package dev.quintet.packages.store;

import dev.quintet.packages.registry.Ecosystem;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The dependents of a project: distinct stored projects of the same platform whose current version declares a
 * dependency on it (by normalized name). A project's current version is the one {@code latest} resolves to: its latest
 * stable release, else its latest release. Projects the registry no longer has ({@code removed}) are no dependents.
 * The count and the list are read through one definition, so they agree.
 */
public final class Dependents {

    private final JdbcClient jdbc;

    public Dependents(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The dependency rows ({@code d}, with the dependent project {@code dp}) that make dependents of the target given
     * as two SQL expressions: its platform key and its normalized name. A project is never its own dependent.
     */
    static String rows(String platform, String normalizedName) {
        return """
                from packages.dependencies d
                join packages.projects dp on dp.id = d.project_id
                    and d.number = coalesce(dp.latest_stable_release_number, dp.latest_release_number)
                where d.platform = %1$s and d.normalized_name = %2$s and dp.normalized_name <> %2$s
                    and dp.status <> 'removed'
                """.formatted(platform, normalizedName);
    }

    public long count(Ecosystem ecosystem, String normalizedName) {
        return jdbc.sql("select count(distinct d.project_id) " + rows(":platform", ":name"))
                .param("platform", ecosystem.key()).param("name", normalizedName).query(Long.class).single();
    }

    /** One page of dependents by name; each with the first dependency on the target its current version declares. */
    public List<StoredDependent> page(Ecosystem ecosystem, String normalizedName, long offset, int limit) {
        return jdbc.sql("""
                select * from (
                    select distinct on (d.project_id) d.project_id, dp.name, d.number, d.requirements, d.kind, d.optional,
                        d.declared
                    %s
                    order by d.project_id, d.position
                ) first_use
                order by lower(name), project_id
                limit :limit offset :offset
                """.formatted(rows(":platform", ":name")))
                .param("platform", ecosystem.key()).param("name", normalizedName)
                .param("limit", limit).param("offset", offset)
                .query((rs, n) -> new StoredDependent(rs.getString("name"), rs.getString("number"),
                        rs.getString("requirements"), rs.getString("kind"), rs.getBoolean("optional"),
                        rs.getString("declared"))).list();
    }
}
