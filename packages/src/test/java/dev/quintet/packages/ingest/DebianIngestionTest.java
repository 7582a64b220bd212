package dev.quintet.packages.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.quintet.packages.ingest.IngestionOutcome.Result;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.debian.DebianIndex;
import dev.quintet.packages.store.Dependents;
import dev.quintet.packages.store.Projects;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import dev.quintet.packages.testing.DebianMirror;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.MutableClock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Ingestion of recorded excerpts of Debian's stable and testing {@code main/binary-amd64} indexes, served over real
 * HTTP by the fake upstream with matching Release files, into the embedded database. Every test starts from an empty
 * store and ingests stable itself.
 */
class DebianIngestionTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
    static final DebianIndex STABLE = new DebianIndex("stable", "main", "amd64");
    static final DebianIndex TESTING = new DebianIndex("testing", "main", "amd64");
    static final String STABLE_XZ = DebianMirror.path("stable", "Packages.xz");
    static FakeUpstream fake;
    static PackagesTestApp app;
    static DebianIngestion ingestion;
    static Projects projects;
    static Dependents dependents;
    static JdbcClient jdbc;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        app = PackagesTestApp.start(clock, fake, List.of(), "--quintet.packages.debian.suites=stable,testing",
                "--quintet.packages.debian.ingest-on-schedule=false");
        ingestion = app.bean(DebianIngestion.class);
        projects = app.bean(Projects.class);
        dependents = app.bean(Dependents.class);
        jdbc = app.bean(JdbcClient.class);
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    @BeforeEach
    void emptyStoreAndStableIngested() {
        jdbc.sql("truncate packages.projects, packages.debian_indexes cascade").update();
        DebianMirror.serveRecorded(fake, "stable");
        DebianMirror.serveRecorded(fake, "testing");
        IngestionOutcome outcome = ingestion.ingest(STABLE);
        assertThat(outcome.result()).as(outcome.detail()).isEqualTo(Result.INGESTED);
    }

    static StoredProject project(String name) {
        return projects.find(Ecosystem.DEBIAN, name).orElseThrow(() -> new AssertionError("no project " + name));
    }

    static long count(String table) {
        return jdbc.sql("select count(*) from packages." + table).query(Long.class).single();
    }

    @Test
    void storesEveryPackageWithItsVersionAndFields() {
        IngestionOutcome again = ingestion.ingest(STABLE);
        StoredProject curl = project("curl");

        assertThat(count("projects")).isEqualTo(53);
        assertThat(count("versions")).isEqualTo(53);
        assertThat(curl.description()).isEqualTo("command line tool for transferring data with URL syntax");
        assertThat(curl.homepage()).isEqualTo("https://curl.se/");
        assertThat(curl.keywords()).containsExactly("web");
        assertThat(curl.licenses()).isEmpty();
        assertThat(curl.status()).isEqualTo("active");
        assertThat(curl.versions()).extracting(StoredVersion::number, StoredVersion::publishedAt)
                .containsExactly(tuple("8.14.1-2+deb13u5",
                        Instant.parse("2026-09-12T07:55:41Z")));
        assertThat(jdbc.sql("""
                select source || ' ' || coalesce(source_version, '-') || ' ' || section || ' ' || package_architecture
                from packages.debian_packages m join packages.projects p on p.id = m.project_id
                where p.name = 'libperl5.40'
                """).query(String.class).single()).isEqualTo("perl - libs amd64");
        assertThat(again.result()).isEqualTo(Result.UNCHANGED);
    }

    @Test
    void storesEachAlternativeOfARelationWithTheRelationAsDeclared() {
        StoredProject inetd = project("update-inetd");
        List<StoredDependency> deps = projects.dependencies(inetd.id(), "4.53");

        assertThat(deps).extracting(StoredDependency::name, StoredDependency::requirements, StoredDependency::kind,
                StoredDependency::optional, StoredDependency::declared).containsExactly(
                tuple("debconf", ">= 0.5", "runtime", false, "debconf (>= 0.5) | debconf-2.0"),
                tuple("debconf-2.0", "*", "runtime", false, "debconf (>= 0.5) | debconf-2.0"),
                tuple("perl", "*", "runtime", false, "perl:any"));
        assertThat(projects.dependencies(project("dpkg").id(), "1.22.22")).extracting(StoredDependency::name)
                .startsWith("libbz2-1.0", "libc6").contains("tar").endsWith("apt", "debsig-verify");
    }

    @Test
    void listsEveryDependentOfEveryPackageAsTheIndexDeclaresThem() {
        Map<String, Set<String>> expected = dependentsIn(DebianMirror.recordedPackages("stable", null));

        assertThat(expected.get("libc6")).hasSizeGreaterThan(20);
        for (String name : jdbc.sql("select name from packages.projects").query(String.class).list()) {
            long counted = dependents.count(Ecosystem.DEBIAN, name);
            List<String> listed = dependents.page(Ecosystem.DEBIAN, name, 0, 1000).stream()
                    .map(d -> d.name()).toList();
            assertThat(listed).as("dependents of %s", name).hasSize((int) counted)
                    .containsExactlyInAnyOrderElementsOf(expected.getOrDefault(name, Set.of()));
        }
    }

    @Test
    void asksForTheIndexConditionallyAndDoesNoWorkOnA304() {
        Instant before = project("curl").fetchedAt();
        clock.advance(Duration.ofHours(30));
        int requests = fake.requests(STABLE_XZ).size();

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).isEqualTo(Result.UNCHANGED);
        assertThat(outcome.detail()).contains("304");
        assertThat(fake.requests(STABLE_XZ)).hasSize(requests + 1);
        assertThat(fake.requests(STABLE_XZ).getLast().ifNoneMatch()).isNotNull();
        assertThat(project("curl").fetchedAt()).isEqualTo(before);
        assertThat(jdbc.sql("select checked_at from packages.debian_indexes where suite = 'stable'")
                .query(Timestamp.class).single().toInstant()).isEqualTo(clock.instant());
    }

    @Test
    void downloadsNothingWhenAMirrorWithoutValidatorsListsTheSameChecksum() {
        String packages = DebianMirror.recordedPackages("stable", null);
        DebianMirror.serve(fake, "stable", packages, "Sat, 12 Sep 2026 07:55:41 UTC", false);
        assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.INGESTED);
        int requests = fake.requests(STABLE_XZ).size();

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).isEqualTo(Result.UNCHANGED);
        assertThat(outcome.detail()).contains("SHA256");
        assertThat(fake.requests(STABLE_XZ)).hasSize(requests);
    }

    @Test
    void reingestsInPlaceWithoutRewritingUnchangedDependencies() {
        Map<String, Long> before = counts();
        List<String> dependencyRows = jdbc.sql("select xmin::text || ctid::text from packages.dependencies order by 1")
                .query(String.class).list();
        DebianMirror.serve(fake, "stable", DebianMirror.recordedPackages("stable", null),
                "Sat, 19 Sep 2026 07:55:41 UTC", true);

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).isEqualTo(Result.INGESTED);
        assertThat(outcome.paragraphs()).isEqualTo(53);
        assertThat(counts()).isEqualTo(before);
        assertThat(jdbc.sql("select xmin::text || ctid::text from packages.dependencies order by 1")
                .query(String.class).list()).isEqualTo(dependencyRows);
        assertThat(project("curl").versions().getFirst().publishedAt()).isEqualTo(Instant.parse("2026-09-12T07:55:41Z"));
    }

    @Test
    void marksAPackageGoneFromEverySuiteRemovedAndKeepsItsVersions() {
        long libc6Dependents = dependents.count(Ecosystem.DEBIAN, "libc6");
        DebianMirror.serve(fake, "stable", DebianMirror.recordedPackages("stable", "update-inetd"),
                "Sat, 19 Sep 2026 07:55:41 UTC", true);

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.removed()).isEqualTo(1);
        StoredProject inetd = project("update-inetd");
        assertThat(inetd.status()).isEqualTo("removed");
        assertThat(inetd.versions()).extracting(StoredVersion::number).containsExactly("4.53");
        assertThat(dependents.page(Ecosystem.DEBIAN, "perl", 0, 100)).extracting(d -> d.name())
                .doesNotContain("update-inetd");
        assertThat(dependents.count(Ecosystem.DEBIAN, "libc6")).isEqualTo(libc6Dependents);

        DebianMirror.serveRecorded(fake, "stable");
        assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.INGESTED);
        assertThat(project("update-inetd").status()).isEqualTo("active");
    }

    @Test
    void addsTheVersionsOfASecondSuiteToEachPackagesHistory() {
        IngestionOutcome outcome = ingestion.ingest(TESTING);
        StoredProject curl = project("curl");

        assertThat(outcome.result()).isEqualTo(Result.INGESTED);
        assertThat(outcome.paragraphs()).isEqualTo(3);
        assertThat(curl.versions()).extracting(StoredVersion::number, StoredVersion::publishedAt).containsExactlyInAnyOrder(
                tuple("8.14.1-2+deb13u5", Instant.parse("2026-09-12T07:55:41Z")),
                tuple("8.22.0-1", Instant.parse("2026-10-30T08:08:01Z")));
        assertThat(jdbc.sql("select latest_release_number from packages.projects where name = 'curl'")
                .query(String.class).single()).isEqualTo("8.22.0-1");
        assertThat(projects.dependencies(curl.id(), "8.22.0-1")).extracting(StoredDependency::requirements)
                .contains("= 8.22.0-1", ">= 2.43");
        assertThat(dependents.page(Ecosystem.DEBIAN, "libcurl4t64", 0, 10)).singleElement()
                .satisfies(d -> assertThat(d.version()).isEqualTo("8.22.0-1"));

        DebianMirror.serve(fake, "stable", DebianMirror.recordedPackages("stable", "ca-certificates"),
                "Sat, 19 Sep 2026 07:55:41 UTC", true);
        assertThat(ingestion.ingest(STABLE).removed()).isEqualTo(1);
        assertThat(project("ca-certificates").status()).as("still listed by testing").isEqualTo("active");
    }

    @Test
    void refusesADownloadThatDoesNotMatchTheReleaseFileAndKeepsWhatIsStored() {
        Map<String, Long> before = counts();
        DebianMirror.serveIndexOnly(fake, "stable", DebianMirror.recordedPackages("stable", "update-inetd"));

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).isEqualTo(Result.FAILED);
        assertThat(outcome.detail()).contains("SHA256", "main/binary-amd64/Packages.xz", "refused");
        assertThat(counts()).isEqualTo(before);
        assertThat(project("update-inetd").status()).isEqualTo("active");
        assertThat(jdbc.sql("select last_error from packages.debian_indexes where suite = 'stable'")
                .query(String.class).single()).contains("SHA256");
        assertThat(jdbc.sql("select checked_at is not null and ingested_at is not null from packages.debian_indexes"
                + " where suite = 'stable'").query(Boolean.class).single()).isTrue();
    }

    @Test
    void fallsBackToTheGzipIndexWhenTheXzOneIsMissing() {
        jdbc.sql("truncate packages.projects, packages.debian_indexes cascade").update();
        fake.forget(STABLE_XZ);

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).as(outcome.detail()).isEqualTo(Result.INGESTED);
        assertThat(outcome.paragraphs()).isEqualTo(53);
        assertThat(jdbc.sql("select file from packages.debian_indexes where suite = 'stable'").query(String.class)
                .single()).isEqualTo("Packages.gz");
    }

    @Test
    void skipsAMalformedParagraphCountingItAndIngestsTheRest() {
        String packages = DebianMirror.recordedPackages("stable", null)
                + "\nPackage: broken\nVersion 1.0\n\nPackage: libc6\nVersion: 2.41-12+deb13u4\n";
        DebianMirror.serve(fake, "stable", packages, "Sat, 19 Sep 2026 07:55:41 UTC", true);

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).isEqualTo(Result.INGESTED);
        assertThat(outcome.paragraphs()).isEqualTo(53);
        assertThat(outcome.skipped()).isEqualTo(2);
        assertThat(outcome.detail()).contains("is not 'Field: value'", "a second time");
        assertThat(projects.find(Ecosystem.DEBIAN, "broken")).isEmpty();
    }

    @Test
    void leavesTheIndexToTheNodeThatHoldsTheIngestionLock() throws Exception {
        try (Connection other = app.bean(DataSource.class).getConnection()) {
            try (PreparedStatement lock = other.prepareStatement("select pg_advisory_lock(?)")) {
                lock.setLong(1, DebianIndexes.INGESTION_LOCK);
                lock.execute();
            }
            DebianMirror.serve(fake, "stable", DebianMirror.recordedPackages("stable", "update-inetd"),
                    "Sat, 19 Sep 2026 07:55:41 UTC", true);

            assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.BUSY);
            assertThat(project("update-inetd").status()).isEqualTo("active");

            try (PreparedStatement unlock = other.prepareStatement("select pg_advisory_unlock(?)")) {
                unlock.setLong(1, DebianIndexes.INGESTION_LOCK);
                unlock.execute();
            }
        }
        assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.INGESTED);
        assertThat(project("update-inetd").status()).isEqualTo("removed");
    }

    @Test
    void ingestsOnlyWhatIsDueOnTheSchedule() {
        assertThat(ingestion.ingestDue()).extracting(IngestionOutcome::index).containsExactly(TESTING);
        clock.advance(Duration.ofHours(23));
        assertThat(ingestion.ingestDue()).isEmpty();
        clock.advance(Duration.ofHours(2));
        assertThat(ingestion.ingestDue()).extracting(IngestionOutcome::index).containsExactly(STABLE, TESTING);
    }

    private static Map<String, Long> counts() {
        Map<String, Long> counts = new HashMap<>();
        for (String table : List.of("projects", "versions", "dependencies", "debian_packages")) {
            counts.put(table, count(table));
        }
        return counts;
    }

    /** Dependents of each package by name, read from the index text with a plain pattern, not the app's parser. */
    static Map<String, Set<String>> dependentsIn(String packages) {
        Pattern relation = Pattern.compile("^(?:Pre-Depends|Depends|Recommends|Suggests): (.*)$", Pattern.MULTILINE);
        Pattern target = Pattern.compile("^\\s*([a-z0-9][a-z0-9+.-]*)");
        Map<String, Set<String>> dependents = new HashMap<>();
        for (String paragraph : packages.split("\n\n")) {
            String name = paragraph.strip().lines().findFirst().orElseThrow().substring("Package: ".length());
            Matcher fields = relation.matcher(paragraph);
            while (fields.find()) {
                for (String alternative : fields.group(1).split("[,|]")) {
                    Matcher m = target.matcher(alternative);
                    if (m.find() && !m.group(1).equals(name)) {
                        dependents.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(name);
                    }
                }
            }
        }
        return dependents;
    }
}
