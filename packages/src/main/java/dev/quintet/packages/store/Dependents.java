package dev.quintet.packages.store;

import dev.quintet.packages.registry.Ecosystem;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The dependents of a project: distinct stored projects of the same platform whose current version declares a
 * dependency on it (by normalized name), or on a name it provides as a virtual package (Debian's {@code Provides}, as
 * the ingested indexes list it: {@code packages.debian_provides}). A project's current version is the one
 * {@code latest} resolves to: its latest stable release, else its latest release. Projects the registry no longer has
 * ({@code removed}) are no dependents. The count and the list are read through one definition, so they agree.
 */
public final class Dependents {

    private final JdbcClient jdbc;
    private final DependentCounts counts;

    public Dependents(JdbcClient jdbc, DependentCounts counts) {
        this.jdbc = jdbc;
        this.counts = counts;
    }

    /**
     * The dependency rows ({@code d}, with the dependent project {@code dp}) that make dependents of the target given
     * as two SQL expressions: its platform key and its normalized name. A dependency names the target, or a name the
     * target provides (a package that depends on {@code mail-transport-agent} is a dependent of every package that
     * provides it, and of a package of that name too if there is one). A project is never its own dependent. Both
     * conditions are read from the dependencies' index on (platform, normalized name); the target's own name stays a
     * plain comparison, so that the planner still sees how many rows it has (libc6 has tens of thousands).
     */
    static String rows(String platform, String normalizedName) {
        return """
                from packages.dependencies d
                join packages.projects dp on dp.id = d.project_id
                    and d.number = coalesce(dp.latest_stable_release_number, dp.latest_release_number)
                where d.platform = %1$s and (d.normalized_name = %2$s or d.normalized_name = any (%3$s))
                    and dp.normalized_name <> %2$s and dp.status <> 'removed'
                """.formatted(platform, normalizedName, provided(platform, normalizedName));
    }

    /** The names the target provides (Debian's {@code Provides}, in any listed version), as an SQL array. */
    private static String provided(String platform, String normalizedName) {
        return """
                array(select v.normalized_name from packages.debian_provides v
                    join packages.projects t on t.id = v.project_id
                    where t.platform = %1$s and t.normalized_name = %2$s)""".formatted(platform, normalizedName);
    }

    /** How many dependents the project named {@code :name} on {@code :platform} has. */
    static final String COUNT = "select count(distinct d.project_id) " + rows(":platform", ":name");

    /** A page ({@code :limit}, {@code :offset}) of those dependents, each with its first use of the target. */
    static final String PAGE = """
            select * from (
                select distinct on (d.project_id) d.project_id, dp.name, d.number, d.requirements, d.kind, d.optional,
                    d.declared, case when d.normalized_name <> :name then d.name end as virtual_name
                %s
                order by d.project_id, d.position
            ) first_use
            order by lower(name), project_id
            limit :limit offset :offset
            """.formatted(rows(":platform", ":name"));

    /** How many dependents the project has, as last counted within the time {@link DependentCounts} keeps counts. */
    public long count(Ecosystem ecosystem, String normalizedName) {
        return counts.get(ecosystem.key(), normalizedName, () -> jdbc.sql(COUNT).param("platform", ecosystem.key())
                .param("name", normalizedName).query(Long.class).single());
    }

    /**
     * One page of dependents by name; each with the first dependency on the target (or on a name it provides) its
     * current version declares.
     */
    public List<StoredDependent> page(Ecosystem ecosystem, String normalizedName, long offset, int limit) {
        return jdbc.sql(PAGE).param("platform", ecosystem.key()).param("name", normalizedName)
                .param("limit", limit).param("offset", offset)
                .query((rs, n) -> new StoredDependent(rs.getString("name"), rs.getString("number"),
                        rs.getString("requirements"), rs.getString("kind"), rs.getBoolean("optional"),
                        rs.getString("declared"), rs.getString("virtual_name"))).list();
    }
}
