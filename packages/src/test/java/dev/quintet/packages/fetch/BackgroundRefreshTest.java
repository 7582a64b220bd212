package dev.quintet.packages.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.testing.PackagesTestApp;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The background refresh over a real store and a fake upstream: demand queues what is asked for often, workers
 * sharing the queue never revalidate a project twice (the first fetch counts as no demand, so a project
 * asked for four times has three hits), a 304 renews the data's age, an upstream asking us to slow
 * down holds its platform's jobs, and a failed revalidation leaves the stored data as it was. The periodic tasks are
 * slowed to an hour so the test drives every step itself.
 */
class BackgroundRefreshTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    static FakeUpstream fake;
    static PackagesTestApp app;
    static BackgroundRefresh refresh;
    static JdbcClient jdbc;

    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        app = PackagesTestApp.start(clock, fake, List.of(), "--quintet.packages.ttl.npm=20m",
                "--quintet.packages.refresh-interval=1h", "--quintet.packages.refresh-min-hits=3",
                "--quintet.packages.refresh-batch=4", "--quintet.packages.retry-after-failure=30s");
        refresh = app.bean(BackgroundRefresh.class);
        jdbc = app.bean(JdbcClient.class);
    }

    @AfterAll
    static void stop() {
        app.close();
        fake.close();
    }

    @BeforeEach
    void empty() {
        refresh.queueDemand();
        jdbc.sql("truncate packages.projects cascade").update();
    }

    @AfterEach
    void heal() {
        fake.mode(FakeUpstream.Mode.HEALTHY);
    }

    private static void serve(String name) {
        fake.serveBody("/" + name, FakeUpstream.resource("npm/is-odd.json").replace("\"is-odd\"", "\"" + name + "\""),
                "application/json");
    }

    private static HttpResponse<String> get(String name) {
        HttpResponse<String> response = Http.get(app.url("/api/npm/" + name), app.auth());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }

    private static int queued() {
        return jdbc.sql("select count(*) from packages.refresh_queue").query(Integer.class).single();
    }

    @Test
    void queuesOnlyWhatIsAskedForOftenDueAtThreeQuartersOfItsTtl() {
        serve("often-asked");
        serve("rarely-asked");
        Instant fetched = clock.instant();
        for (int i = 0; i < 4; i++) {
            get("often-asked");
        }
        get("rarely-asked");
        get("rarely-asked");

        assertThat(refresh.queueDemand()).isEqualTo(1);

        Timestamp due = jdbc.sql("""
                select q.due_at from packages.refresh_queue q join packages.projects p on p.id = q.project_id
                where p.name = 'often-asked'""").query(Timestamp.class).single();
        assertThat(due.toInstant()).isEqualTo(fetched.plus(Duration.ofMinutes(15)));
        assertThat(queued()).isEqualTo(1);
        assertThat(refresh.runOnce()).as("nothing is due before 15 minutes").isZero();
    }

    @Test
    void workersSharingTheQueueRevalidateEachProjectOnceWithA304ThatRenewsItsAge() throws Exception {
        List<String> names = IntStream.range(0, 12).mapToObj(i -> "hot-" + i).toList();
        names.forEach(BackgroundRefreshTest::serve);
        for (String name : names) {
            for (int i = 0; i < 4; i++) {
                get(name);
            }
        }
        assertThat(refresh.queueDemand()).isEqualTo(12);
        clock.advance(Duration.ofMinutes(16));

        List<Callable<Integer>> workers = IntStream.range(0, 4).<Callable<Integer>>mapToObj(w -> () -> {
            int claimed = 0;
            for (int n = refresh.runOnce(); n > 0; n = refresh.runOnce()) {
                claimed += n;
            }
            return claimed;
        }).toList();
        int claimed = 0;
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            for (Future<Integer> f : pool.invokeAll(workers)) {
                claimed += f.get();
            }
        }

        assertThat(claimed).isEqualTo(12);
        assertThat(queued()).isZero();
        for (String name : names) {
            List<FakeUpstream.Seen> seen = fake.requests("/" + name);
            assertThat(seen).as(name).hasSize(2);
            assertThat(seen.get(1).ifNoneMatch()).as("the revalidation of %s is conditional", name).isNotNull();
        }
        clock.advance(Duration.ofMinutes(10));
        HttpResponse<String> later = get("hot-0");
        assertThat(later.headers().firstValue("X-Data-Stale")).isEmpty();
        assertThat(fake.requests("/hot-0")).as("fresh again after the 304, 26 minutes after the first fetch").hasSize(2);
    }

    @Test
    void anUpstreamAskingToSlowDownHoldsItsPlatformsJobsAndKeepsTheData() {
        serve("limited-a");
        serve("limited-b");
        for (int i = 0; i < 4; i++) {
            get("limited-a");
            get("limited-b");
        }
        String before = get("limited-a").body();
        refresh.queueDemand();
        clock.advance(Duration.ofMinutes(16));
        fake.mode(FakeUpstream.Mode.RATE_LIMITED);

        assertThat(refresh.runOnce()).isEqualTo(2);

        List<Timestamp> due = jdbc.sql("select due_at from packages.refresh_queue").query(Timestamp.class).list();
        assertThat(due).hasSize(2).allSatisfy(d ->
                assertThat(d.toInstant()).isAfterOrEqualTo(clock.instant().plus(Duration.ofSeconds(120))));
        assertThat(refresh.runOnce()).as("held for the two minutes the upstream asked for").isZero();
        fake.mode(FakeUpstream.Mode.HEALTHY);
        assertThat((String) JsonPath.read(get("limited-a").body(), "$.latest_release_number"))
                .isEqualTo(JsonPath.read(before, "$.latest_release_number"));
        clock.advance(Duration.ofMinutes(3));
        assertThat(refresh.runOnce()).isEqualTo(2);
        assertThat(queued()).isZero();
    }

    @Test
    void aFailedRevalidationKeepsTheStoredDataAndRetriesLater() {
        serve("flaky");
        for (int i = 0; i < 4; i++) {
            get("flaky");
        }
        String before = get("flaky").body();
        refresh.queueDemand();
        clock.advance(Duration.ofMinutes(16));
        fake.mode(FakeUpstream.Mode.FAILING);

        assertThat(refresh.runOnce()).isEqualTo(1);

        assertThat(jdbc.sql("select attempts from packages.refresh_queue").query(Integer.class).single()).isEqualTo(1);
        fake.mode(FakeUpstream.Mode.HEALTHY);
        assertThat(refresh.runOnce()).as("retried after the back-off, not at once").isZero();
        String after = Http.get(app.url("/api/npm/flaky"), app.auth()).body();
        assertThat((Object) JsonPath.read(after, "$.versions.length()"))
                .isEqualTo(JsonPath.read(before, "$.versions.length()"));
        clock.advance(Duration.ofSeconds(31));
        assertThat(refresh.runOnce()).isEqualTo(1);
        assertThat(queued()).isZero();
    }
}
