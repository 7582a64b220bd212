package dev.quintet.packages.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.MutableClock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The dependents statements at the size of Debian's main index (69,000 packages, 380,000 dependencies, virtual
 * packages with a few providers each), in a transaction that is rolled back: PostgreSQL reads them through indexes,
 * the names a target provides included, never by scanning the dependencies or what packages provide; for a package
 * everything depends on (libc6) too, where joining the dependents' projects by hash is the planner's fair choice.
 */
class DependentsPlanTest {

    static final int PACKAGES = 69_000;
    static final int VIRTUAL_NAMES = 5_000;
    static FakeUpstream fake;
    static PackagesTestApp app;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        app = PackagesTestApp.start(new MutableClock(Instant.parse("2026-11-25T10:00:00Z")), fake, List.of());
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    @Test
    void readsDependentsOfAProviderThroughIndexesAtTheSizeOfDebiansMainIndex() {
        JdbcClient jdbc = app.bean(JdbcClient.class);
        app.bean(TransactionTemplate.class).executeWithoutResult(status -> {
            status.setRollbackOnly();
            storeAnIndexOfDebiansSize(jdbc);
            // pkg8 provides virtual8 (and so do pkg5008, pkg10008, ...), which pkg40, pkg25040 and pkg50040 depend on.
            String provider = "pkg8";
            long count = jdbc.sql(Dependents.COUNT).param("platform", "debian").param("name", provider)
                    .query(Long.class).single();
            long expected = jdbc.sql("""
                    select count(distinct project_id) from packages.dependencies
                    where normalized_name in ('pkg8', 'virtual8') and project_id <> (select id from packages.projects
                                                                                      where name = 'pkg8')
                    """).query(Long.class).single();

            assertThat(count).isEqualTo(expected).isGreaterThanOrEqualTo(3);
            assertThat(app.bean(Dependents.class).page(Ecosystem.DEBIAN, provider, 0, 100)).hasSize((int) count)
                    .anySatisfy(d -> assertThat(d.virtualName()).isEqualTo("virtual8"));
            for (String statement : List.of(Dependents.COUNT, Dependents.PAGE)) {
                String plan = plan(jdbc, statement, provider);
                assertThat(plan).as(plan).contains("dependencies_target", "debian_provides_provider")
                        .doesNotContain("Seq Scan on dependencies", "Seq Scan on debian_provides",
                                "Seq Scan on projects");
                String everyones = plan(jdbc, statement, "pkg1");
                assertThat(everyones).as(everyones).contains("dependencies_target")
                        .doesNotContain("Seq Scan on dependencies", "Seq Scan on debian_provides");
            }
        });
    }

    private static String plan(JdbcClient jdbc, String statement, String target) {
        return String.join("\n", jdbc.sql("explain " + statement).param("platform", "debian").param("name", target)
                .param("limit", 30).param("offset", 0).query(String.class).list());
    }

    /**
     * Packages {@code pkg1..pkg69000}, each at one version listed by stable, with five or six dependencies (about
     * 380,000: every package's first on {@code pkg1}, as every Debian package depends on libc6; every fifth package's
     * fifth on {@code virtual{n / 5 % 5000}}); every fourth package provides {@code virtual{n % 5000}}.
     */
    private static void storeAnIndexOfDebiansSize(JdbcClient jdbc) {
        jdbc.sql("""
                insert into packages.projects (platform, name, normalized_name, fetched_at, created_at, updated_at,
                    latest_release_number, latest_stable_release_number)
                select 'debian', 'pkg' || i, 'pkg' || i, now(), now(), now(), '1.0-1', '1.0-1'
                from generate_series(1, :packages) i
                """).param("packages", PACKAGES).update();
        jdbc.sql("""
                insert into packages.versions (project_id, number)
                select id, '1.0-1' from packages.projects where platform = 'debian'
                """).update();
        jdbc.sql("""
                insert into packages.debian_packages (suite, component, architecture, project_id, number,
                    relations_digest)
                select 'stable', 'main', 'amd64', id, '1.0-1', md5(name)
                from packages.projects where platform = 'debian'
                """).update();
        jdbc.sql("""
                insert into packages.dependencies (project_id, number, position, name, normalized_name, platform,
                    requirements, kind, optional)
                select p.id, '1.0-1', k, t.name, t.name, 'debian', '*', 'runtime', false
                from generate_series(1, :packages) n
                join packages.projects p on p.platform = 'debian' and p.normalized_name = 'pkg' || n
                cross join generate_series(0, 5) k
                cross join lateral (select case
                    when k = 0 then 'pkg1'
                    when k = 4 and n % 5 = 0 then 'virtual' || (n / 5 % :virtual)
                    else 'pkg' || (1 + (n * 7919 + k * 104729) % :packages) end as name) t
                where k < 5 or n % 2 = 0
                """).param("packages", PACKAGES).param("virtual", VIRTUAL_NAMES).update();
        jdbc.sql("""
                insert into packages.debian_provides (suite, component, architecture, project_id, number, position,
                    name, normalized_name)
                select 'stable', 'main', 'amd64', p.id, '1.0-1', 0, 'virtual' || (n % :virtual),
                    'virtual' || (n % :virtual)
                from generate_series(4, :packages, 4) n
                join packages.projects p on p.platform = 'debian' and p.normalized_name = 'pkg' || n
                """).param("packages", PACKAGES).param("virtual", VIRTUAL_NAMES).update();
        for (String table : List.of("projects", "versions", "dependencies", "debian_packages", "debian_provides")) {
            jdbc.sql("analyze packages." + table).update();
        }
    }
}
