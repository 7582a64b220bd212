package dev.quintet.packages.store;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.UpstreamDependency;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * Owner of {@code packages.dependencies} (the declared dependencies of each stored version) and
 * {@code packages.managed_dependencies} (a Maven version's dependencyManagement).
 */
public final class Dependencies {

    private final JdbcClient jdbc;
    private final Clock clock;
    private final DataSource dataSource;

    public Dependencies(JdbcClient jdbc, Clock clock, DataSource dataSource) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.dataSource = dataSource;
    }


    public List<StoredDependency> of(long projectId, String number) {
        return jdbc.sql("""
                select name, platform, requirements, kind, optional, scope, exclusions, marker, extras, features,
                       default_features, declared
                from packages.dependencies where project_id = :id and number = :number order by position
                """).param("id", projectId).param("number", number)
                .query((rs, n) -> new StoredDependency(rs.getString("name"), rs.getString("platform"),
                        rs.getString("requirements"), rs.getString("kind"), rs.getBoolean("optional"),
                        new DependencyDetails(rs.getString("scope"), Projects.strings(rs.getArray("exclusions")),
                                rs.getString("marker"), Projects.strings(rs.getArray("extras")),
                                Projects.strings(rs.getArray("features")), rs.getBoolean("default_features")),
                        rs.getString("declared")))
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
                        DependencyDetails.maven(rs.getString("scope"), Projects.strings(rs.getArray("exclusions"))),
                        null))
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


    /**
     * Replaces the dependencies of many versions at once (a chunk of an ingested index) with complete new lists and
     * marks them known, in three statements however many versions there are.
     */
    public void replaceAll(Ecosystem ecosystem, List<DeclaredDependencies> versions, Instant now) {
        if (versions.isEmpty()) {
            return;
        }
        Long[] projectIds = versions.stream().map(DeclaredDependencies::projectId).toArray(Long[]::new);
        String[] numbers = versions.stream().map(DeclaredDependencies::number).toArray(String[]::new);
        jdbc.sql("""
                delete from packages.dependencies d
                using unnest(:ids::bigint[], :numbers::text[]) as v(project_id, number)
                where d.project_id = v.project_id and d.number = v.number
                """).param("ids", projectIds).param("numbers", numbers).update();
        copy(new Rows(ecosystem, versions));
        jdbc.sql("""
                update packages.versions v set dependencies_fetched_at = :now
                from unnest(:ids::bigint[], :numbers::text[]) as d(project_id, number)
                where v.project_id = d.project_id and v.number = d.number
                """).param("now", Timestamp.from(now)).param("ids", projectIds).param("numbers", numbers).update();
    }

    /**
     * Inserts the rows with {@code COPY} on the connection of the current transaction, PostgreSQL's bulk path: a
     * whole ingested index brings hundreds of thousands of rows.
     */
    private void copy(Rows rows) {
        if (rows.isEmpty()) {
            return;
        }
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            connection.unwrap(PGConnection.class).getCopyAPI().copyIn("""
                    copy packages.dependencies (project_id, number, position, name, normalized_name, platform,
                        requirements, kind, optional, declared) from stdin
                    """, new StringReader(rows.text()));
        } catch (SQLException | IOException e) {
            throw new DataAccessResourceFailureException("copying dependencies failed: " + e.getMessage(), e);
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    /** The dependency rows of many versions in {@code COPY}'s text format. */
    private static final class Rows {

        private final StringBuilder text = new StringBuilder();

        Rows(Ecosystem ecosystem, List<DeclaredDependencies> versions) {
            for (DeclaredDependencies v : versions) {
                int position = 0;
                for (UpstreamDependency d : v.dependencies()) {
                    if (d.name() != null) {
                        row(v.projectId(), v.number(), position++, d.name(), ecosystem.normalize(d.name()),
                                ecosystem.key(), d.requirements() == null ? "*" : d.requirements(), d.kind(),
                                d.optional() ? "t" : "f", d.declared());
                    }
                }
            }
        }

        private void row(Object... values) {
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    text.append('\t');
                }
                field(values[i] == null ? null : values[i].toString());
            }
            text.append('\n');
        }

        private void field(String value) {
            if (value == null) {
                text.append("\\N");
                return;
            }
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                switch (c) {
                    case '\\' -> text.append("\\\\");
                    case '\t' -> text.append("\\t");
                    case '\n' -> text.append("\\n");
                    case '\r' -> text.append("\\r");
                    default -> text.append(c);
                }
            }
        }

        boolean isEmpty() {
            return text.isEmpty();
        }

        String text() {
            return text.toString();
        }
    }


    private void insertDeclared(long projectId, String number, Ecosystem ecosystem, List<UpstreamDependency> deps) {
        if (deps.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into packages.dependencies
                    (project_id, number, position, name, normalized_name, platform, requirements, kind, optional,
                     scope, exclusions, marker, extras, features, default_features, declared)
                select :id, :number, d.position, d.name, d.normalized_name, :platform, d.requirements, d.kind, d.optional,
                       d.scope, string_to_array(d.exclusions, E'\\n'), d.marker, string_to_array(d.extras, E'\\n'),
                       string_to_array(d.features, E'\\n'), d.default_features, d.declared
                from unnest(:positions::int[], :names::text[], :normalized::text[], :requirements::text[],
                            :kinds::text[], :optionals::boolean[], :scopes::text[], :exclusions::text[],
                            :markers::text[], :extras::text[], :features::text[], :defaults::boolean[],
                            :declared::text[])
                    as d(position, name, normalized_name, requirements, kind, optional, scope, exclusions, marker,
                         extras, features, default_features, declared)
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
                .param("declared", deps.stream().map(UpstreamDependency::declared).toArray(String[]::new))
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
