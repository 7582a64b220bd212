package dev.quintet.packages.store;

import dev.quintet.packages.licenses.SpdxLicenses;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.versions.Releases;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Owner of {@code packages.projects} and {@code packages.versions}. Saving an upstream answer never deletes: versions
 * the upstream no longer lists stay, and fields it leaves empty keep their stored values.
 */
public final class Projects {

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final Dependencies dependencies;
    private final DependentCounts counts;

    public Projects(JdbcClient jdbc, TransactionTemplate tx, Clock clock, Dependencies dependencies,
                    DependentCounts counts) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.clock = clock;
        this.dependencies = dependencies;
        this.counts = counts;
    }

    /** A project with its versions in one statement and one row: each version column comes as one array. */
    private static final String FIND = """
            select p.*, v.* from packages.projects p
            cross join lateral (
                select array_agg(number) as v_number, array_agg(published_at) as v_published_at,
                    array_agg(original_license) as v_original_license, array_agg(spdx_expression) as v_spdx_expression,
                    array_agg(status) as v_status, array_agg(dependencies_fetched_at) as v_dependencies_fetched_at,
                    array_agg(features::text) as v_features, array_agg(requires_python) as v_requires_python
                from packages.versions where project_id = p.id) v
            where p.platform = :platform and p.normalized_name = :name
            """;

    public Optional<StoredProject> find(Ecosystem ecosystem, String normalizedName) {
        return jdbc.sql(FIND).param("platform", ecosystem.key()).param("name", normalizedName)
                .query((rs, n) -> withVersions(project(rs), versionArrays(rs))).optional();
    }

    /** Stores an upstream answer in one transaction and returns the stored project. */
    public StoredProject save(Ecosystem ecosystem, String normalizedName, UpstreamProject upstream, Validators validators) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        return tx.execute(status -> {
            List<UpstreamVersion> versions = distinct(upstream.versions());
            Written written = upsertProjectAndVersions(ecosystem, normalizedName, upstream, validators, now, versions);
            long projectId = written.projectId();
            Set<String> declared = versions.stream().filter(v -> v.dependencies() != null).map(UpstreamVersion::number)
                    .collect(Collectors.toSet());
            dependencies.replaceAll(ecosystem, versions.stream().filter(v -> declared.contains(v.number()))
                    .map(v -> new DeclaredDependencies(projectId, v.number(), v.dependencies())).toList(), now);
            return recordLatestReleases(projectId, ecosystem, written.versions().stream()
                    .map(v -> declared.contains(v.number()) ? v.withDependenciesFetchedAt(now) : v).toList());
        });
    }

    /** Replaces one version's dependencies in one transaction. */
    public void saveDependencies(long projectId, String number, Ecosystem ecosystem,
                                 List<dev.quintet.packages.registry.UpstreamDependency> deps) {
        Instant now = clock.instant();
        tx.executeWithoutResult(status -> dependencies.replaceAll(ecosystem,
                List.of(new DeclaredDependencies(projectId, number, deps)), now));
    }

    public List<StoredDependency> dependencies(long projectId, String number) {
        return dependencies.of(projectId, number);
    }

    /** A Maven version's dependencyManagement, first entry per name winning. */
    public List<StoredDependency> managedDependencies(long projectId, String number) {
        return dependencies.managed(projectId, number);
    }

    /** A 304 from the upstream: the stored copy is current as of now. */
    public void touch(long projectId, Validators validators) {
        jdbc.sql("""
                update packages.projects set fetched_at = :now,
                       etag = coalesce(:etag, etag), last_modified = coalesce(:lm, last_modified)
                where id = :id
                """).param("now", Timestamp.from(clock.instant())).param("etag", validators.etag())
                .param("lm", validators.lastModified()).param("id", projectId).update();
    }

    /** The upstream no longer knows the project; keep it, marked removed. */
    public void markRemoved(long projectId) {
        jdbc.sql("update packages.projects set status = 'removed', fetched_at = :now, updated_at = :now where id = :id")
                .param("now", Timestamp.from(clock.instant())).param("id", projectId).update();
        counts.forget();
    }

    /**
     * Records the latest releases of projects stored before they were kept on the project row (schema V2); returns how
     * many projects were looked at.
     */
    public int recordMissingLatestReleases() {
        record Pending(long id, String platform) {
        }
        int seen = 0;
        long after = 0;
        List<Pending> batch;
        do {
            batch = jdbc.sql("""
                    select id, platform from packages.projects p
                    where latest_release_number is null and id > :after
                      and exists (select 1 from packages.versions v where v.project_id = p.id)
                    order by id limit 500
                    """).param("after", after).query((rs, n) -> new Pending(rs.getLong("id"), rs.getString("platform")))
                    .list();
            for (Pending p : batch) {
                Ecosystem.named(p.platform()).ifPresent(e -> recordLatestReleases(p.id(), e));
                after = p.id();
            }
            seen += batch.size();
        } while (!batch.isEmpty());
        return seen;
    }

    /**
     * Keeps the project's latest release and latest stable release (by the ecosystem's version order, yanked versions
     * left out) on the project row, where dependents and search read them; returns the project as now stored.
     */
    private StoredProject recordLatestReleases(long projectId, Ecosystem ecosystem) {
        return recordLatestReleases(projectId, ecosystem, versionsOf(projectId));
    }

    private StoredProject recordLatestReleases(long projectId, Ecosystem ecosystem, List<StoredVersion> versions) {
        List<StoredVersion> released = versions.stream().filter(v -> !"yanked".equals(v.status())).toList();
        List<String> numbers = released.stream().map(StoredVersion::number).toList();
        Optional<String> latest = Releases.latest(numbers, ecosystem.versions());
        Instant published = latest.flatMap(n -> released.stream().filter(v -> v.number().equals(n)).findFirst())
                .map(StoredVersion::publishedAt).orElse(null);
        StoredProject stored = jdbc.sql("""
                update packages.projects set latest_release_number = :latest, latest_release_published_at = :published,
                    latest_stable_release_number = :stable
                where id = :id
                returning *
                """).param("latest", latest.orElse(null))
                .param("published", published == null ? null : Timestamp.from(published))
                .param("stable", Releases.latestStable(numbers, ecosystem.versions()).orElse(null))
                .param("id", projectId).query((rs, n) -> withVersions(project(rs), versions)).single();
        counts.forget();
        return stored;
    }

    /** Stored project count per platform key. */
    public Map<String, Long> countsByPlatform() {
        return jdbc.sql("select platform, count(*) as n from packages.projects group by platform")
                .query((rs, n) -> Map.entry(rs.getString("platform"), rs.getLong("n"))).list().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** The project row written; {@code returning id}. */
    private static final String UPSERT_PROJECT = """
            insert into packages.projects (platform, name, normalized_name, description, homepage, repository_url,
                licenses, original_licenses, keywords, status, fetched_at, etag, last_modified, created_at, updated_at,
                default_version)
            values (:platform, :name, :normalized, :description, :homepage, :repository, :licenses, :original,
                :keywords, :status, :now, :etag, :lm, :now, :now, :default_version)
            on conflict (platform, normalized_name) do update set
                name = excluded.name,
                description = coalesce(excluded.description, projects.description),
                homepage = coalesce(excluded.homepage, projects.homepage),
                repository_url = coalesce(excluded.repository_url, projects.repository_url),
                licenses = case when cardinality(excluded.licenses) > 0 then excluded.licenses else projects.licenses end,
                original_licenses = case when cardinality(excluded.original_licenses) > 0
                    then excluded.original_licenses else projects.original_licenses end,
                keywords = case when cardinality(excluded.keywords) > 0 then excluded.keywords else projects.keywords end,
                status = excluded.status, fetched_at = excluded.fetched_at, etag = excluded.etag,
                last_modified = excluded.last_modified, updated_at = excluded.updated_at,
                default_version = excluded.default_version
            returning id""";

    /**
     * The project row and every version (numbers distinct) in one statement; returns all the project's versions as now
     * stored, each with the project's id: those written, and those the upstream no longer lists.
     */
    private static final String UPSERT_PROJECT_AND_VERSIONS = """
            with project as (%s),
            written as (
                insert into packages.versions (project_id, number, published_at, original_license, spdx_expression,
                    status, features, requires_python)
                select project.id, v.number, v.published_at::timestamptz, v.license, v.spdx, v.status, v.features::jsonb,
                       v.requires_python
                from project, unnest(:numbers::text[], :published::text[], :version_licenses::text[], :spdx::text[],
                                     :statuses::text[], :features::text[], :requires_python::text[])
                    as v(number, published_at, license, spdx, status, features, requires_python)
                on conflict (project_id, number) do update set
                    published_at = coalesce(excluded.published_at, versions.published_at),
                    original_license = coalesce(excluded.original_license, versions.original_license),
                    spdx_expression = coalesce(excluded.spdx_expression, versions.spdx_expression),
                    status = excluded.status,
                    features = coalesce(excluded.features, versions.features),
                    requires_python = coalesce(excluded.requires_python, versions.requires_python)
                returning *)
            select * from written
            union all
            select * from packages.versions
            where project_id = (select id from project) and number <> all (:numbers::text[])
            """.formatted(UPSERT_PROJECT);

    /** The project's id and all its versions as now stored. */
    private record Written(long projectId, List<StoredVersion> versions) {
    }

    private Written upsertProjectAndVersions(Ecosystem ecosystem, String normalizedName, UpstreamProject p,
                                             Validators v, Instant now, List<UpstreamVersion> versions) {
        if (versions.isEmpty()) {
            long id = projectParams(jdbc.sql(UPSERT_PROJECT), ecosystem, normalizedName, p, v, now).query(Long.class)
                    .single();
            return new Written(id, versionsOf(id));
        }
        List<Map.Entry<Long, StoredVersion>> rows = projectParams(jdbc.sql(UPSERT_PROJECT_AND_VERSIONS), ecosystem,
                normalizedName, p, v, now)
                .param("numbers", versions.stream().map(UpstreamVersion::number).toArray(String[]::new))
                .param("published", versions.stream()
                        .map(u -> u.publishedAt() == null ? null : u.publishedAt().toString()).toArray(String[]::new))
                .param("version_licenses", versions.stream().map(UpstreamVersion::license).toArray(String[]::new))
                .param("spdx", versions.stream().map(u -> u.license() == null ? null
                        : SpdxLicenses.normalize(u.license()).orElse("NOASSERTION")).toArray(String[]::new))
                .param("statuses", versions.stream().map(UpstreamVersion::status).toArray(String[]::new))
                .param("features", versions.stream()
                        .map(u -> u.features() == null ? null : FeatureTables.write(u.features())).toArray(String[]::new))
                .param("requires_python", versions.stream().map(UpstreamVersion::requiresPython).toArray(String[]::new))
                .query((rs, n) -> Map.entry(rs.getLong("project_id"), version(rs, n))).list();
        return new Written(rows.getFirst().getKey(), rows.stream().map(Map.Entry::getValue).toList());
    }

    private static JdbcClient.StatementSpec projectParams(JdbcClient.StatementSpec statement, Ecosystem ecosystem,
                                                          String normalizedName, UpstreamProject p, Validators v,
                                                          Instant now) {
        return statement.param("platform", ecosystem.key()).param("name", p.name()).param("normalized", normalizedName)
                .param("description", p.description()).param("homepage", p.homepage())
                .param("repository", p.repositoryUrl())
                .param("licenses", SpdxLicenses.normalizeAll(p.licenses()).toArray(String[]::new))
                .param("original", p.licenses().toArray(String[]::new)).param("keywords", p.keywords().toArray(String[]::new))
                .param("status", p.status()).param("now", Timestamp.from(now)).param("etag", v.etag())
                .param("lm", v.lastModified()).param("default_version", p.defaultVersion());
    }

    private static List<UpstreamVersion> distinct(List<UpstreamVersion> versions) {
        Map<String, UpstreamVersion> byNumber = new LinkedHashMap<>();
        versions.forEach(v -> byNumber.put(v.number(), v));
        return List.copyOf(byNumber.values());
    }

    private List<StoredVersion> versionsOf(long projectId) {
        return jdbc.sql("select * from packages.versions where project_id = :id").param("id", projectId)
                .query(Projects::version).list();
    }

    private static List<StoredVersion> versionArrays(ResultSet rs) throws SQLException {
        String[] numbers = array(rs, "v_number", String[].class);
        if (numbers == null) {
            return List.of();
        }
        Timestamp[] published = array(rs, "v_published_at", Timestamp[].class);
        String[] licenses = array(rs, "v_original_license", String[].class);
        String[] spdx = array(rs, "v_spdx_expression", String[].class);
        String[] statuses = array(rs, "v_status", String[].class);
        Timestamp[] dependenciesFetched = array(rs, "v_dependencies_fetched_at", Timestamp[].class);
        String[] features = array(rs, "v_features", String[].class);
        String[] requiresPython = array(rs, "v_requires_python", String[].class);
        List<StoredVersion> versions = new ArrayList<>(numbers.length);
        for (int i = 0; i < numbers.length; i++) {
            versions.add(new StoredVersion(numbers[i], instant(published[i]), licenses[i], spdx[i], statuses[i],
                    instant(dependenciesFetched[i]), FeatureTables.read(features[i]), requiresPython[i]));
        }
        return versions;
    }

    private static <T> T array(ResultSet rs, String column, Class<T> type) throws SQLException {
        Array array = rs.getArray(column);
        return array == null ? null : type.cast(array.getArray());
    }

    private static StoredVersion version(ResultSet rs, int row) throws SQLException {
        return new StoredVersion(rs.getString("number"), instant(rs, "published_at"), rs.getString("original_license"),
                rs.getString("spdx_expression"), rs.getString("status"), instant(rs, "dependencies_fetched_at"),
                FeatureTables.read(rs.getString("features")), rs.getString("requires_python"));
    }

    private static StoredProject withVersions(StoredProject p, List<StoredVersion> versions) {
        return new StoredProject(p.id(), p.platform(), p.name(), p.normalizedName(), p.description(), p.homepage(),
                p.repositoryUrl(), p.licenses(), p.originalLicenses(), p.keywords(), p.status(), p.fetchedAt(),
                p.etag(), p.lastModified(), p.defaultVersion(), versions);
    }

    private static StoredProject project(ResultSet rs) throws SQLException {
        return new StoredProject(rs.getLong("id"), rs.getString("platform"), rs.getString("name"),
                rs.getString("normalized_name"), rs.getString("description"), rs.getString("homepage"),
                rs.getString("repository_url"), strings(rs.getArray("licenses")), strings(rs.getArray("original_licenses")),
                strings(rs.getArray("keywords")), rs.getString("status"), instant(rs, "fetched_at"), rs.getString("etag"),
                rs.getString("last_modified"), rs.getString("default_version"), List.of());
    }

    static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    static Instant instant(ResultSet rs, String column) throws SQLException {
        return instant(rs.getTimestamp(column));
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
