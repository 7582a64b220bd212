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
        List<String> dependencyRows = rowVersions("dependencies");
        List<String> providesRows = rowVersions("debian_provides");
        DebianMirror.serve(fake, "stable", DebianMirror.recordedPackages("stable", null),
                "Sat, 19 Sep 2026 07:55:41 UTC", true);

        IngestionOutcome outcome = ingestion.ingest(STABLE);

        assertThat(outcome.result()).isEqualTo(Result.INGESTED);
        assertThat(outcome.paragraphs()).isEqualTo(53);
        assertThat(counts()).isEqualTo(before);
        assertThat(rowVersions("dependencies")).isEqualTo(dependencyRows);
        assertThat(rowVersions("debian_provides")).isEqualTo(providesRows).isNotEmpty();
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
    void recordsWhatEachListedVersionProvidesInEachIndex() {
        ingestion.ingest(TESTING);

        assertThat(provided("debconf")).containsExactly("stable 1.5.91: debconf-2.0");
        assertThat(provided("perl-base")).contains("stable 5.40.1-6+deb13u1: libscalar-list-utils-perl = 1:1.63",
                "stable 5.40.1-6+deb13u1: perlapi-5.40.1").hasSize(8);
        assertThat(provided("libcurl4t64")).containsExactlyInAnyOrder(
                "stable 8.14.1-2+deb13u5: libcurl4 = 8.14.1-2+deb13u5", "testing 8.22.0-1: libcurl4 = 8.22.0-1");
        assertThat(provided("curl")).isEmpty();
    }

    @Test
    void countsADependentOfAVirtualPackageForEveryPackageThatProvidesIt() {
        DebianMirror.serve(fake, "stable", DebianMirror.withProvides(), "Sat, 19 Sep 2026 07:55:41 UTC", true);
        assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.INGESTED);
        Map<String, Set<String>> expected = dependentsIn(DebianMirror.withProvides());

        for (String name : jdbc.sql("select name from packages.projects").query(String.class).list()) {
            long counted = dependents.count(Ecosystem.DEBIAN, name);
            List<String> listed = dependents.page(Ecosystem.DEBIAN, name, 0, 1000).stream()
                    .map(d -> d.name()).toList();
            assertThat(listed).as("dependents of %s", name).hasSize((int) counted)
                    .containsExactlyInAnyOrderElementsOf(expected.getOrDefault(name, Set.of()));
        }
        assertThat(dependents.page(Ecosystem.DEBIAN, "postfix", 0, 10))
                .extracting(d -> d.name(), d -> d.virtualName(), d -> d.declared()).containsExactly(
                        tuple("bsd-mailx", "mail-transport-agent", "default-mta | mail-transport-agent"),
                        tuple("dma", "mail-transport-agent", "default-mta | mail-transport-agent"));
        assertThat(dependents.page(Ecosystem.DEBIAN, "exim4-daemon-light", 0, 10))
                .extracting(d -> d.name(), d -> d.virtualName()).containsExactly(
                        tuple("bsd-mailx", "default-mta"), tuple("dma", "default-mta"));
        assertThat(dependents.page(Ecosystem.DEBIAN, "dma", 0, 10)).extracting(d -> d.name())
                .as("never its own dependent").containsExactly("bsd-mailx");
        assertThat(dependents.page(Ecosystem.DEBIAN, "libscalar-list-utils-perl", 0, 10))
                .extracting(d -> d.name(), d -> d.virtualName()).containsExactly(tuple("libmoo-perl", null));
        assertThat(dependents.page(Ecosystem.DEBIAN, "perl-base", 0, 10))
                .extracting(d -> d.name(), d -> d.virtualName()).contains(
                        tuple("libmoo-perl", "libscalar-list-utils-perl"), tuple("perl", null));
        assertThat(dependents.page(Ecosystem.DEBIAN, "libcurl4t64", 0, 10))
                .extracting(d -> d.name(), d -> d.requirements()).containsExactly(
                        tuple("curl", "= 8.14.1-2+deb13u5"), tuple("curlftpfs", ">= 7.16.2"));
        assertThat(dependents.page(Ecosystem.DEBIAN, "debconf", 0, 10)).extracting(d -> d.virtualName())
                .as("the first use of debconf-2.0's provider is the real name").containsOnlyNulls();
    }

    @Test
    void rewritesWhatAVersionProvidesOnlyWhenItsProvidesChange() {
        DebianMirror.serve(fake, "stable", DebianMirror.withProvides(), "Sat, 19 Sep 2026 07:55:41 UTC", true);
        assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.INGESTED);
        long postfix = project("postfix").id();
        List<String> othersProvide = jdbc.sql("""
                select xmin::text || ctid::text from packages.debian_provides where project_id <> :id order by 1
                """).param("id", postfix).query(String.class).list();
        assertThat(dependents.count(Ecosystem.DEBIAN, "postfix")).isEqualTo(2);

        String changed = DebianMirror.withProvides().replace("""
                Architecture: amd64
                Provides: mail-transport-agent
                Depends: libc6 (>= 2.38), libssl3t64""", """
                Architecture: amd64
                Provides: postfix-smtp (= 3.10.5)
                Depends: libc6 (>= 2.38), libssl3t64""");
        assertThat(changed).isNotEqualTo(DebianMirror.withProvides());
        DebianMirror.serve(fake, "stable", changed, "Sat, 26 Sep 2026 07:55:41 UTC", true);
        assertThat(ingestion.ingest(STABLE).result()).isEqualTo(Result.INGESTED);

        assertThat(provided("postfix")).containsExactly("stable 3.10.5-1~deb13u1: postfix-smtp = 3.10.5");
        assertThat(dependents.count(Ecosystem.DEBIAN, "postfix")).isZero();
        assertThat(dependents.page(Ecosystem.DEBIAN, "postfix", 0, 10)).isEmpty();
        assertThat(dependents.count(Ecosystem.DEBIAN, "exim4-daemon-light")).isEqualTo(2);
        assertThat(jdbc.sql("""
                select xmin::text || ctid::text from packages.debian_provides where project_id <> :id order by 1
                """).param("id", postfix).query(String.class).list()).isEqualTo(othersProvide);

        DebianMirror.serve(fake, "stable", DebianMirror.withProvides().replaceFirst(
                "(?s)\n\nPackage: dma\n.*?\n\n", "\n\n"), "Sat, 03 Oct 2026 07:55:41 UTC", true);
        assertThat(ingestion.ingest(STABLE).removed()).isEqualTo(1);
        assertThat(provided("dma")).as("no index lists it").isEmpty();
        assertThat(dependents.page(Ecosystem.DEBIAN, "postfix", 0, 10)).extracting(d -> d.name())
                .containsExactly("bsd-mailx");
        assertThat(dependents.page(Ecosystem.DEBIAN, "dma", 0, 10)).as("removed, provides nothing").isEmpty();
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
        for (String table : List.of("projects", "versions", "dependencies", "debian_packages", "debian_provides")) {
            counts.put(table, count(table));
        }
        return counts;
    }

    /** Row versions of a table (they change when a row is rewritten), in order. */
    private static List<String> rowVersions(String table) {
        return jdbc.sql("select xmin::text || ctid::text from packages." + table + " order by 1").query(String.class)
                .list();
    }

    /** What the versions of a package provide in each index, as {@code suite version: name[ = version]}. */
    private static List<String> provided(String name) {
        return jdbc.sql("""
                select v.suite || ' ' || v.number || ': ' || v.name || coalesce(' = ' || v.version, '')
                from packages.debian_provides v join packages.projects p on p.id = v.project_id
                where p.name = :name order by v.suite, v.position
                """).param("name", name).query(String.class).list();
    }

    /**
     * Dependents of each package by name, read from the index text with plain patterns, not the app's parser: a
     * package naming another in a relation field, or naming a name the other declares in {@code Provides}.
     */
    static Map<String, Set<String>> dependentsIn(String packages) {
        Pattern relation = Pattern.compile("^(?:Pre-Depends|Depends|Recommends|Suggests): (.*)$", Pattern.MULTILINE);
        Pattern provides = Pattern.compile("^Provides: (.*)$", Pattern.MULTILINE);
        Pattern target = Pattern.compile("^\\s*([a-z0-9][a-z0-9+.-]*)");
        Map<String, Set<String>> providers = new HashMap<>();
        for (String paragraph : packages.split("\n\n")) {
            String name = paragraph.strip().lines().findFirst().orElseThrow().substring("Package: ".length());
            Matcher fields = provides.matcher(paragraph);
            while (fields.find()) {
                for (String entry : fields.group(1).split(",")) {
                    Matcher m = target.matcher(entry);
                    if (m.find()) {
                        providers.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(name);
                    }
                }
            }
        }
        Map<String, Set<String>> dependents = new HashMap<>();
        for (String paragraph : packages.split("\n\n")) {
            String name = paragraph.strip().lines().findFirst().orElseThrow().substring("Package: ".length());
            Matcher fields = relation.matcher(paragraph);
            while (fields.find()) {
                for (String alternative : fields.group(1).split("[,|]")) {
                    Matcher m = target.matcher(alternative);
                    if (!m.find()) {
                        continue;
                    }
                    Set<String> targets = new TreeSet<>(providers.getOrDefault(m.group(1), Set.of()));
                    targets.add(m.group(1));
                    targets.remove(name);
                    targets.forEach(t -> dependents.computeIfAbsent(t, k -> new TreeSet<>()).add(name));
                }
            }
        }
        return dependents;
    }
}
