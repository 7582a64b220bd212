package dev.quintet.packages.store;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.UpstreamDependency;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owner of {@code packages.dependencies} (the declared dependencies of each stored version) and
 * {@code packages.managed_dependencies} (a Maven version's dependencyManagement).
 */
public final class Dependencies {

    private final JdbcClient jdbc;
    private final Clock clock;
    private final DependentCounts counts;

    public Dependencies(JdbcClient jdbc, Clock clock, DependentCounts counts) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.counts = counts;
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
        replaceAll(ecosystem, List.of(new DeclaredDependencies(projectId, number, deps)), clock.instant());
    }

    /**
     * Deletes the dependencies of the versions {@code :numbers} of project {@code :id} and marks them known as of
     * {@code :now}. Conditions on one project id are read through the primary keys by any plan, also by a generic plan
     * made while the tables were still empty, which the joined form below would keep scanning them with.
     */
    private static final String FORGET_ONE_PROJECT = """
            with managed as (
                delete from packages.managed_dependencies where project_id = :id and number = any (:numbers::text[])),
            fetched as (
                update packages.versions set dependencies_fetched_at = :now
                where project_id = :id and number = any (:numbers::text[]))
            delete from packages.dependencies where project_id = :id and number = any (:numbers::text[])
            """;

    /** The same for versions of many projects ({@code :ids} and {@code :numbers} paired by position). */
    private static final String FORGET_LISTED = """
            with listed as (select * from unnest(:ids::bigint[], :numbers::text[]) as v(project_id, number)),
            managed as (
                delete from packages.managed_dependencies d using listed v
                where d.project_id = v.project_id and d.number = v.number),
            fetched as (
                update packages.versions s set dependencies_fetched_at = :now from listed v
                where s.project_id = v.project_id and s.number = v.number)
            delete from packages.dependencies d using listed v
            where d.project_id = v.project_id and d.number = v.number
            """;

    /**
     * Replaces the dependencies of many versions at once (a fetched project's, or a chunk of an ingested index) with
     * complete new lists and marks them known, in the same few statements however many versions there are; the
     * rows go in with one insert per table.
     */
    public void replaceAll(Ecosystem ecosystem, List<DeclaredDependencies> versions, Instant now) {
        if (versions.isEmpty()) {
            return;
        }
        String[] numbers = versions.stream().map(DeclaredDependencies::number).toArray(String[]::new);
        Long[] projectIds = versions.stream().map(DeclaredDependencies::projectId).toArray(Long[]::new);
        boolean oneProject = Arrays.stream(projectIds).distinct().count() == 1;
        jdbc.sql(oneProject ? FORGET_ONE_PROJECT : FORGET_LISTED).param("id", projectIds[0]).param("ids", projectIds)
                .param("numbers", numbers).param("now", Timestamp.from(now)).update();
        List<Row> declared = new ArrayList<>();
        List<Row> managed = new ArrayList<>();
        for (DeclaredDependencies v : versions) {
            List<UpstreamDependency> named = v.dependencies().stream().filter(d -> d.name() != null).toList();
            rows(v, named.stream().filter(d -> !UpstreamDependency.MANAGED.equals(d.kind())).toList(), declared);
            rows(v, named.stream().filter(d -> UpstreamDependency.MANAGED.equals(d.kind())).toList(), managed);
        }
        insertDeclared(ecosystem, declared);
        insertManaged(managed);
        counts.forget();
    }

    private static void rows(DeclaredDependencies version, List<UpstreamDependency> deps, List<Row> into) {
        for (int i = 0; i < deps.size(); i++) {
            into.add(new Row(version.projectId(), version.number(), i, deps.get(i)));
        }
    }

    /** One dependency row to write: its version and its place in that version's list. */
    private record Row(long projectId, String number, int position, UpstreamDependency dependency) {

        DependencyDetails details() {
            return dependency.details();
        }
    }

    /**
     * Writes declared dependency rows in one statement, each column one array parameter (list columns as lines of
     * text), so that a fetched project's few rows cost one round trip and an ingested chunk's thousands no more.
     */
    private void insertDeclared(Ecosystem ecosystem, List<Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into packages.dependencies (project_id, number, position, name, normalized_name, platform,
                    requirements, kind, optional, scope, exclusions, marker, extras, features, default_features, declared)
                select d.project_id, d.number, d.position, d.name, d.normalized_name, :platform, d.requirements, d.kind,
                       d.optional, d.scope, string_to_array(d.exclusions, E'\\n'), d.marker,
                       string_to_array(d.extras, E'\\n'), string_to_array(d.features, E'\\n'), d.default_features,
                       d.declared
                from unnest(:ids::bigint[], :numbers::text[], :positions::int[], :names::text[], :normalized::text[],
                            :requirements::text[], :kinds::text[], :optionals::boolean[], :scopes::text[],
                            :exclusions::text[], :markers::text[], :extras::text[], :features::text[],
                            :default_features::boolean[], :declared::text[])
                    as d(project_id, number, position, name, normalized_name, requirements, kind, optional, scope,
                         exclusions, marker, extras, features, default_features, declared)
                """)
                .param("platform", ecosystem.key())
                .param("ids", rows.stream().map(Row::projectId).toArray(Long[]::new))
                .param("numbers", rows.stream().map(Row::number).toArray(String[]::new))
                .param("positions", rows.stream().map(Row::position).toArray(Integer[]::new))
                .param("names", rows.stream().map(r -> r.dependency().name()).toArray(String[]::new))
                .param("normalized", rows.stream().map(r -> ecosystem.normalize(r.dependency().name()))
                        .toArray(String[]::new))
                .param("requirements", rows.stream().map(r -> requirement(r.dependency())).toArray(String[]::new))
                .param("kinds", rows.stream().map(r -> r.dependency().kind()).toArray(String[]::new))
                .param("optionals", rows.stream().map(r -> r.dependency().optional()).toArray(Boolean[]::new))
                .param("scopes", rows.stream().map(r -> r.details().scope()).toArray(String[]::new))
                .param("exclusions", rows.stream().map(r -> lines(r.details().exclusions())).toArray(String[]::new))
                .param("markers", rows.stream().map(r -> r.details().marker()).toArray(String[]::new))
                .param("extras", rows.stream().map(r -> lines(r.details().extras())).toArray(String[]::new))
                .param("features", rows.stream().map(r -> lines(r.details().features())).toArray(String[]::new))
                .param("default_features", rows.stream().map(r -> r.details().defaultFeatures())
                        .toArray(Boolean[]::new))
                .param("declared", rows.stream().map(r -> r.dependency().declared()).toArray(String[]::new))
                .update();
    }

    private void insertManaged(List<Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into packages.managed_dependencies (project_id, number, position, name, requirements, scope,
                    exclusions)
                select d.project_id, d.number, d.position, d.name, d.requirements, d.scope,
                       string_to_array(d.exclusions, E'\\n')
                from unnest(:ids::bigint[], :numbers::text[], :positions::int[], :names::text[], :requirements::text[],
                            :scopes::text[], :exclusions::text[])
                    as d(project_id, number, position, name, requirements, scope, exclusions)
                """)
                .param("ids", rows.stream().map(Row::projectId).toArray(Long[]::new))
                .param("numbers", rows.stream().map(Row::number).toArray(String[]::new))
                .param("positions", rows.stream().map(Row::position).toArray(Integer[]::new))
                .param("names", rows.stream().map(r -> r.dependency().name()).toArray(String[]::new))
                .param("requirements", rows.stream().map(r -> requirement(r.dependency())).toArray(String[]::new))
                .param("scopes", rows.stream().map(r -> r.details().scope()).toArray(String[]::new))
                .param("exclusions", rows.stream().map(r -> lines(r.details().exclusions())).toArray(String[]::new))
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
        counts.forget();
        return filled;
    }
}
