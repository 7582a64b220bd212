package dev.quintet.packages.store;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.UpstreamDependency;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owner of {@code packages.dependencies} (the declared dependencies of each stored version) and
 * {@code packages.managed_dependencies} (a Maven version's dependencyManagement).
 */
public final class Dependencies {

    private final JdbcClient jdbc;
    private final Clock clock;

    public Dependencies(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public List<StoredDependency> of(long projectId, String number) {
        return jdbc.sql("""
                select name, platform, requirements, kind, optional, scope, exclusions, marker, extras, features,
                       default_features
                from packages.dependencies where project_id = :id and number = :number order by position
                """).param("id", projectId).param("number", number)
                .query((rs, n) -> new StoredDependency(rs.getString("name"), rs.getString("platform"),
                        rs.getString("requirements"), rs.getString("kind"), rs.getBoolean("optional"),
                        new DependencyDetails(rs.getString("scope"), Projects.strings(rs.getArray("exclusions")),
                                rs.getString("marker"), Projects.strings(rs.getArray("extras")),
                                Projects.strings(rs.getArray("features")), rs.getBoolean("default_features"))))
                .list();
    }

    /** A Maven version's dependencyManagement, in the order it applies (first entry per name wins). */
    public List<StoredDependency> managed(long projectId, String number) {
        return jdbc.sql("""
                select d.name, p.platform, d.requirements, d.scope, d.exclusions
                from packages.managed_dependencies d join packages.projects p on p.id = d.project_id
                where d.project_id = :id and d.number = :number order by d.position
                """).param("id", projectId).param("number", number)
                .query((rs, n) -> new StoredDependency(rs.getString("name"), rs.getString("platform"),
                        rs.getString("requirements"), UpstreamDependency.MANAGED, false,
                        DependencyDetails.maven(rs.getString("scope"), Projects.strings(rs.getArray("exclusions")))))
                .list();
    }

    /** Replaces one version's dependencies with a complete new list and marks them known. */
    public void replace(long projectId, String number, Ecosystem ecosystem, List<UpstreamDependency> deps) {
        replace(projectId, number, ecosystem, deps, clock.instant());
    }

    void replace(long projectId, String number, Ecosystem ecosystem, List<UpstreamDependency> deps, Instant now) {
        List<UpstreamDependency> usable = deps.stream().filter(d -> d.name() != null).toList();
        jdbc.sql("delete from packages.dependencies where project_id = :id and number = :number")
                .param("id", projectId).param("number", number).update();
        jdbc.sql("delete from packages.managed_dependencies where project_id = :id and number = :number")
                .param("id", projectId).param("number", number).update();
        insertDeclared(projectId, number, ecosystem,
                usable.stream().filter(d -> !UpstreamDependency.MANAGED.equals(d.kind())).toList());
        insertManaged(projectId, number,
                usable.stream().filter(d -> UpstreamDependency.MANAGED.equals(d.kind())).toList());
        jdbc.sql("update packages.versions set dependencies_fetched_at = :now where project_id = :id and number = :number")
                .param("now", Timestamp.from(now)).param("id", projectId).param("number", number).update();
    }

    private void insertDeclared(long projectId, String number, Ecosystem ecosystem, List<UpstreamDependency> deps) {
        if (deps.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into packages.dependencies
                    (project_id, number, position, name, normalized_name, platform, requirements, kind, optional,
                     scope, exclusions, marker, extras, features, default_features)
                select :id, :number, d.position, d.name, d.normalized_name, :platform, d.requirements, d.kind, d.optional,
                       d.scope, string_to_array(d.exclusions, E'\\n'), d.marker, string_to_array(d.extras, E'\\n'),
                       string_to_array(d.features, E'\\n'), d.default_features
                from unnest(:positions::int[], :names::text[], :normalized::text[], :requirements::text[],
                            :kinds::text[], :optionals::boolean[], :scopes::text[], :exclusions::text[],
                            :markers::text[], :extras::text[], :features::text[], :defaults::boolean[])
                    as d(position, name, normalized_name, requirements, kind, optional, scope, exclusions, marker,
                         extras, features, default_features)
                """).param("id", projectId).param("number", number).param("platform", ecosystem.key())
                .param("positions", IntStream.range(0, deps.size()).boxed().toArray(Integer[]::new))
                .param("names", deps.stream().map(UpstreamDependency::name).toArray(String[]::new))
                .param("normalized", deps.stream().map(d -> ecosystem.normalize(d.name())).toArray(String[]::new))
                .param("requirements", deps.stream().map(Dependencies::requirement).toArray(String[]::new))
                .param("kinds", deps.stream().map(UpstreamDependency::kind).toArray(String[]::new))
                .param("optionals", deps.stream().map(UpstreamDependency::optional).toArray(Boolean[]::new))
                .param("scopes", deps.stream().map(d -> d.details().scope()).toArray(String[]::new))
                .param("exclusions", deps.stream().map(d -> lines(d.details().exclusions())).toArray(String[]::new))
                .param("markers", deps.stream().map(d -> d.details().marker()).toArray(String[]::new))
                .param("extras", deps.stream().map(d -> lines(d.details().extras())).toArray(String[]::new))
                .param("features", deps.stream().map(d -> lines(d.details().features())).toArray(String[]::new))
                .param("defaults", deps.stream().map(d -> d.details().defaultFeatures()).toArray(Boolean[]::new))
                .update();
    }

    private void insertManaged(long projectId, String number, List<UpstreamDependency> managed) {
        if (managed.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into packages.managed_dependencies (project_id, number, position, name, requirements, scope, exclusions)
                select :id, :number, d.position, d.name, d.requirements, d.scope, string_to_array(d.exclusions, E'\\n')
                from unnest(:positions::int[], :names::text[], :requirements::text[], :scopes::text[], :exclusions::text[])
                    as d(position, name, requirements, scope, exclusions)
                """).param("id", projectId).param("number", number)
                .param("positions", IntStream.range(0, managed.size()).boxed().toArray(Integer[]::new))
                .param("names", managed.stream().map(UpstreamDependency::name).toArray(String[]::new))
                .param("requirements", managed.stream().map(Dependencies::requirement).toArray(String[]::new))
                .param("scopes", managed.stream().map(d -> d.details().scope()).toArray(String[]::new))
                .param("exclusions", managed.stream().map(d -> lines(d.details().exclusions())).toArray(String[]::new))
                .update();
    }

    private static String requirement(UpstreamDependency d) {
        return d.requirements() == null ? "*" : d.requirements();
    }

    /** A list as one text of lines, so a list per row travels in one array parameter (lists hold no line breaks). */
    private static String lines(List<String> values) {
        return String.join("\n", values.stream().map(v -> v.replace('\n', ' ')).toList());
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
