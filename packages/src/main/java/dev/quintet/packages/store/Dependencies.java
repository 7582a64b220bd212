package dev.quintet.packages.store;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.UpstreamDependency;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Owner of {@code packages.dependencies}: the declared dependencies of each stored version. */
public final class Dependencies {

    private final JdbcClient jdbc;
    private final Clock clock;

    public Dependencies(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public List<StoredDependency> of(long projectId, String number) {
        return jdbc.sql("""
                select name, platform, requirements, kind, optional from packages.dependencies
                where project_id = :id and number = :number order by position
                """).param("id", projectId).param("number", number)
                .query((rs, n) -> new StoredDependency(rs.getString("name"), rs.getString("platform"),
                        rs.getString("requirements"), rs.getString("kind"), rs.getBoolean("optional"))).list();
    }

    /** Replaces one version's dependencies with a complete new list and marks them known. */
    public void replace(long projectId, String number, Ecosystem ecosystem, List<UpstreamDependency> deps) {
        replace(projectId, number, ecosystem, deps, clock.instant());
    }

    void replace(long projectId, String number, Ecosystem ecosystem, List<UpstreamDependency> deps, Instant now) {
        List<UpstreamDependency> usable = deps.stream().filter(d -> d.name() != null).toList();
        jdbc.sql("delete from packages.dependencies where project_id = :id and number = :number")
                .param("id", projectId).param("number", number).update();
        if (!usable.isEmpty()) {
            jdbc.sql("""
                    insert into packages.dependencies
                        (project_id, number, position, name, normalized_name, platform, requirements, kind, optional)
                    select :id, :number, d.position, d.name, d.normalized_name, :platform, d.requirements, d.kind, d.optional
                    from unnest(:positions::int[], :names::text[], :normalized::text[], :requirements::text[],
                                :kinds::text[], :optionals::boolean[])
                        as d(position, name, normalized_name, requirements, kind, optional)
                    """).param("id", projectId).param("number", number).param("platform", ecosystem.key())
                    .param("positions", java.util.stream.IntStream.range(0, usable.size()).boxed().toArray(Integer[]::new))
                    .param("names", usable.stream().map(UpstreamDependency::name).toArray(String[]::new))
                    .param("normalized", usable.stream().map(d -> ecosystem.normalize(d.name())).toArray(String[]::new))
                    .param("requirements", usable.stream().map(d -> d.requirements() == null ? "*" : d.requirements()).toArray(String[]::new))
                    .param("kinds", usable.stream().map(UpstreamDependency::kind).toArray(String[]::new))
                    .param("optionals", usable.stream().map(UpstreamDependency::optional).toArray(Boolean[]::new))
                    .update();
        }
        jdbc.sql("update packages.versions set dependencies_fetched_at = :now where project_id = :id and number = :number")
                .param("now", Timestamp.from(now)).param("id", projectId).param("number", number).update();
    }

    /**
     * Gives dependencies stored before targets were matched by normalized name (schema V2) their target's normalized
     * name, by the same rule as new rows; returns how many distinct names were filled.
     */
    public int normalizeStoredNames() {
        record Target(String platform, String name) {
        }
        int filled = 0;
        List<Target> pending;
        do {
            pending = jdbc.sql("""
                    select distinct platform, name from packages.dependencies where normalized_name is null limit 1000
                    """).query((rs, n) -> new Target(rs.getString("platform"), rs.getString("name"))).list();
            for (Target t : pending) {
                String normalized = Ecosystem.named(t.platform()).map(e -> e.normalize(t.name())).orElse(t.name());
                jdbc.sql("""
                        update packages.dependencies set normalized_name = :normalized
                        where platform = :platform and name = :name and normalized_name is null
                        """).param("normalized", normalized).param("platform", t.platform()).param("name", t.name())
                        .update();
            }
            filled += pending.size();
        } while (!pending.isEmpty());
        return filled;
    }
}
