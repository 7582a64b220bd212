package dev.quintet.packages.ingest;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.registry.debian.BinaryPackage;
import dev.quintet.packages.registry.debian.DebianIndex;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owner of {@code packages.debian_indexes} (what was last ingested from each index, and how the last attempts went),
 * {@code packages.debian_packages} (which version of which package each index lists now) and
 * {@code packages.debian_provides} (the virtual packages each listed version provides there). Also decides, from
 * those lists, which Debian projects are gone from every index.
 */
final class DebianIndexes {

    /** Held for the length of one ingestion transaction by whichever node ingests; others skip their turn. */
    static final long INGESTION_LOCK = 0x5155_494E_4445_4231L;

    /** What is stored about one index. */
    record State(DebianIndex index, String file, String sha256, Validators validators, Instant releaseDate,
                 Integer paragraphs, Instant ingestedAt, Instant checkedAt, Instant attemptedAt, String lastError) {
    }

    private final JdbcClient jdbc;

    DebianIndexes(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<State> states() {
        return jdbc.sql("select * from packages.debian_indexes").query((rs, n) -> state(rs)).list();
    }

    Optional<State> state(DebianIndex index) {
        return jdbc.sql("""
                select * from packages.debian_indexes where suite = :suite and component = :component
                    and architecture = :architecture
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).query((rs, n) -> state(rs)).optional();
    }

    /** Takes the ingestion lock until the current transaction ends; false when another transaction holds it. */
    boolean tryLock() {
        return jdbc.sql("select pg_try_advisory_xact_lock(:key)").param("key", INGESTION_LOCK).query(Boolean.class)
                .single();
    }

    /**
     * A version of a chunk whose relations digest the index does not hold: new in its listing, or changed there.
     *
     * @param position its place in the chunk, from 0
     * @param dependencies whether no index holds that digest for the version, so that its dependencies must be written
     * @param relisted whether the index listed the version before (with other relations), so that what it recorded
     *                 the version as providing must be cleared first
     */
    record Changed(int position, boolean dependencies, boolean relisted) {
    }

    /**
     * The given versions whose relation fields (and {@code Provides}) differ from what the index last listed for them,
     * or that it did not list: what they provide in this index must be written, and their dependencies too when no
     * other index lists the version with the same fields either. The chunk's projects' listing rows are read in one
     * statement and compared here: during a first ingestion the listing grows inside one transaction, unseen by the
     * planner's statistics, and a test per version in SQL can turn into a scan of the listing per version.
     */
    List<Changed> changedRelations(DebianIndex index, Long[] projectIds, String[] numbers, String[] digests) {
        record Version(long projectId, String number) {
        }
        record Listing(Version version, String digest) {
        }
        Set<Listing> anywhere = new HashSet<>();
        Set<Listing> here = new HashSet<>();
        Set<Version> listedHere = new HashSet<>();
        jdbc.sql("""
                select suite = :suite and component = :component and architecture = :architecture as here,
                    project_id, number, relations_digest
                from packages.debian_packages where project_id = any(:ids)
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).param("ids", projectIds)
                .query(rs -> {
                    Listing listing = new Listing(new Version(rs.getLong("project_id"), rs.getString("number")),
                            rs.getString("relations_digest"));
                    anywhere.add(listing);
                    if (rs.getBoolean("here")) {
                        here.add(listing);
                        listedHere.add(listing.version());
                    }
                });
        List<Changed> changed = new ArrayList<>();
        for (int i = 0; i < projectIds.length; i++) {
            Listing listing = new Listing(new Version(projectIds[i], numbers[i]), digests[i]);
            if (!here.contains(listing)) {
                changed.add(new Changed(i, !anywhere.contains(listing), listedHere.contains(listing.version())));
            }
        }
        return changed;
    }

    /** Records that the index lists these versions; rows already recorded as they are stay untouched. */
    void list(DebianIndex index, Long[] projectIds, List<BinaryPackage> packages) {
        jdbc.sql("""
                insert into packages.debian_packages as m (suite, component, architecture, project_id, number,
                    relations_digest, package_architecture, source, source_version, section, maintainer)
                select :suite, :component, :architecture, p.project_id, p.number, p.digest, p.architecture, p.source,
                    p.source_version, p.section, p.maintainer
                from unnest(:ids::bigint[], :numbers::text[], :digests::text[], :architectures::text[], :sources::text[],
                            :source_versions::text[], :sections::text[], :maintainers::text[])
                    as p(project_id, number, digest, architecture, source, source_version, section, maintainer)
                on conflict (suite, component, architecture, project_id, number) do update set
                    relations_digest = excluded.relations_digest, package_architecture = excluded.package_architecture,
                    source = excluded.source, source_version = excluded.source_version, section = excluded.section,
                    maintainer = excluded.maintainer
                where (m.relations_digest, m.package_architecture, m.source, m.source_version, m.section, m.maintainer)
                    is distinct from (excluded.relations_digest, excluded.package_architecture, excluded.source,
                    excluded.source_version, excluded.section, excluded.maintainer)
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).param("ids", projectIds)
                .param("numbers", packages.stream().map(BinaryPackage::version).toArray(String[]::new))
                .param("digests", packages.stream().map(BinaryPackage::relationsDigest).toArray(String[]::new))
                .param("architectures", packages.stream().map(BinaryPackage::architecture).toArray(String[]::new))
                .param("sources", packages.stream().map(BinaryPackage::source).toArray(String[]::new))
                .param("source_versions", packages.stream().map(BinaryPackage::sourceVersion).toArray(String[]::new))
                .param("sections", packages.stream().map(BinaryPackage::section).toArray(String[]::new))
                .param("maintainers", packages.stream().map(BinaryPackage::maintainer).toArray(String[]::new))
                .update();
    }

    /**
     * Replaces what the index records the changed versions of the chunk (already listed) as providing with their
     * {@code Provides}; versions new in the listing have nothing recorded yet, so only relisted ones are cleared.
     */
    void provide(DebianIndex index, Long[] projectIds, List<BinaryPackage> packages, List<Changed> changed) {
        List<Integer> relisted = changed.stream().filter(Changed::relisted).map(Changed::position).toList();
        if (!relisted.isEmpty()) {
            clearProvides(index, projectIds, packages, relisted);
        }
        List<Integer> positions = changed.stream().map(Changed::position).toList();
        List<Long> ids = new ArrayList<>();
        List<String> numbers = new ArrayList<>();
        List<Integer> places = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> normalized = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        for (int i : positions) {
            List<BinaryPackage.Provided> provided = packages.get(i).provides();
            for (int place = 0; place < provided.size(); place++) {
                ids.add(projectIds[i]);
                numbers.add(packages.get(i).version());
                places.add(place);
                names.add(provided.get(place).name());
                normalized.add(Ecosystem.DEBIAN.normalize(provided.get(place).name()));
                versions.add(provided.get(place).version());
            }
        }
        if (ids.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into packages.debian_provides (suite, component, architecture, project_id, number, position,
                    name, normalized_name, version)
                select :suite, :component, :architecture, p.project_id, p.number, p.position, p.name, p.normalized_name,
                    p.version
                from unnest(:ids::bigint[], :numbers::text[], :positions::int[], :names::text[], :normalized::text[],
                            :versions::text[]) as p(project_id, number, position, name, normalized_name, version)
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).param("ids", ids.toArray(Long[]::new))
                .param("numbers", numbers.toArray(String[]::new)).param("positions", places.toArray(Integer[]::new))
                .param("names", names.toArray(String[]::new)).param("normalized", normalized.toArray(String[]::new))
                .param("versions", versions.toArray(String[]::new)).update();
    }

    /** Clears what the index recorded the versions at these positions of the chunk as providing. */
    private void clearProvides(DebianIndex index, Long[] projectIds, List<BinaryPackage> packages, List<Integer> positions) {
        jdbc.sql("""
                delete from packages.debian_provides p
                using unnest(:ids::bigint[], :numbers::text[]) as l(project_id, number)
                where p.suite = :suite and p.component = :component and p.architecture = :architecture
                    and p.project_id = l.project_id and p.number = l.number
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture())
                .param("ids", positions.stream().map(i -> projectIds[i]).toArray(Long[]::new))
                .param("numbers", positions.stream().map(i -> packages.get(i).version()).toArray(String[]::new))
                .update();
    }

    /**
     * Forgets what the index listed before and does not list now (the versions given); returns how many packages
     * that was.
     */
    int removeUnlisted(DebianIndex index, Long[] projectIds, String[] numbers) {
        return jdbc.sql("""
                delete from packages.debian_packages m
                where m.suite = :suite and m.component = :component and m.architecture = :architecture
                    and not exists (select 1 from unnest(:ids::bigint[], :numbers::text[]) as l(project_id, number)
                                    where l.project_id = m.project_id and l.number = m.number)
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).param("ids", projectIds).param("numbers", numbers)
                .update();
    }

    /** Forgets what indexes that are no longer configured listed. */
    int forgetOtherThan(List<DebianIndex> configured) {
        return jdbc.sql("""
                delete from packages.debian_packages where not (suite || '/' || component || '/' || architecture
                    = any(:configured::text[]))
                """).param("configured", configured.stream().map(DebianIndex::toString).toArray(String[]::new)).update();
    }

    /**
     * Marks removed the Debian projects no index lists any more, and active again those listed anew; their versions
     * and dependencies stay. Returns how many projects changed status.
     */
    int markListedStatus(String platform, Instant now) {
        return jdbc.sql("""
                update packages.projects p set status = case when listed then 'active' else 'removed' end,
                    updated_at = :now
                from (select p2.id, exists (select 1 from packages.debian_packages m where m.project_id = p2.id) as listed
                      from packages.projects p2 where p2.platform = :platform) s
                where p.id = s.id and p.status <> case when s.listed then 'active' else 'removed' end
                """).param("platform", platform).param("now", Timestamp.from(now)).update();
    }

    void recordIngested(DebianIndex index, String file, String sha256, Validators validators, Instant releaseDate,
                        int paragraphs, int skipped, Instant now) {
        jdbc.sql("""
                insert into packages.debian_indexes (suite, component, architecture, file, sha256, etag, last_modified,
                    release_date, paragraphs, skipped, ingested_at, checked_at, attempted_at)
                values (:suite, :component, :architecture, :file, :sha256, :etag, :lm, :release_date, :paragraphs,
                    :skipped, :now, :now, :now)
                on conflict (suite, component, architecture) do update set file = excluded.file,
                    sha256 = excluded.sha256, etag = excluded.etag, last_modified = excluded.last_modified,
                    release_date = excluded.release_date, paragraphs = excluded.paragraphs, skipped = excluded.skipped,
                    ingested_at = excluded.ingested_at, checked_at = excluded.checked_at,
                    attempted_at = excluded.attempted_at, last_error = null
                """).param("file", file).param("sha256", sha256).param("etag", validators.etag())
                .param("lm", validators.lastModified())
                .param("release_date", releaseDate == null ? null : Timestamp.from(releaseDate))
                .param("paragraphs", paragraphs).param("skipped", skipped).param("now", Timestamp.from(now))
                .param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).update();
    }

    /** The index was found as last ingested: it stays current as of now. */
    void recordUnchanged(DebianIndex index, Instant now) {
        jdbc.sql("""
                update packages.debian_indexes set checked_at = :now, attempted_at = :now, last_error = null
                where suite = :suite and component = :component and architecture = :architecture
                """).param("now", Timestamp.from(now)).param("suite", index.suite())
                .param("component", index.component()).param("architecture", index.architecture()).update();
    }

    void recordFailure(DebianIndex index, String error, Instant now) {
        jdbc.sql("""
                insert into packages.debian_indexes (suite, component, architecture, attempted_at, last_error)
                values (:suite, :component, :architecture, :now, :error)
                on conflict (suite, component, architecture) do update set attempted_at = excluded.attempted_at,
                    last_error = excluded.last_error
                """).param("suite", index.suite()).param("component", index.component())
                .param("architecture", index.architecture()).param("now", Timestamp.from(now)).param("error", error)
                .update();
    }

    private static State state(ResultSet rs) throws SQLException {
        return new State(new DebianIndex(rs.getString("suite"), rs.getString("component"), rs.getString("architecture")),
                rs.getString("file"), rs.getString("sha256"),
                new Validators(rs.getString("etag"), rs.getString("last_modified")), instant(rs, "release_date"),
                rs.getObject("paragraphs", Integer.class), instant(rs, "ingested_at"), instant(rs, "checked_at"),
                instant(rs, "attempted_at"), rs.getString("last_error"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }
}
