package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import dev.quintet.router.RouterApplication;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Exact admission under concurrency: 64 callers, a limit of 100, exactly 100 admitted; in memory and through Redis.
 * The clock is held still so the calls cannot straddle a minute boundary.
 */
class QuotaConcurrencyTest {

    static final int CALLERS = 64;
    static final int CALLS_EACH = 3;
    static final String LIMIT = "--quintet.quota.free.router.per-minute=100";

    @Test
    void admitsExactly100Of192ConcurrentCallsInMemory() throws Exception {
        try (TestPlatform platform = TestPlatform.start(new MutableClock(Instant.now()), LIMIT)) {
            String url = platform.startApp(RouterApplication.class, "router");
            IssuedKey key = platform.newKey("router");
            assertThat(hammer(List.of(url), key)).isEqualTo(100);
        }
    }

    @Test
    void admitsExactly100AcrossTwoNodesSharingRedis() throws Exception {
        String redis = System.getenv("QUINTET_TEST_REDIS_URL");
        assumeTrue(redis != null && !redis.isBlank(), "QUINTET_TEST_REDIS_URL is not set");
        MutableClock clock = new MutableClock(Instant.now());
        try (TestPlatform nodeA = TestPlatform.start(clock, LIMIT, "--quintet.redis-url=" + redis);
             TestPlatform nodeB = TestPlatform.start(clock, LIMIT, "--quintet.redis-url=" + redis)) {
            String a = nodeA.startApp(RouterApplication.class, "router");
            String b = nodeB.startApp(RouterApplication.class, "router");
            IssuedKey key = nodeA.newKey("router");
            assertThat(hammer(List.of(a, b), key)).isEqualTo(100);
        }
    }

    private static long hammer(List<String> urls, IssuedKey key) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CALLERS; i++) {
                String url = urls.get(i % urls.size()) + "/api/v1/whoami";
                results.add(pool.submit(() -> {
                    go.await();
                    int admitted = 0;
                    for (int c = 0; c < CALLS_EACH; c++) {
                        HttpResponse<String> r = Http.get(url, "Authorization", "Bearer " + key.secret());
                        assertThat(r.statusCode()).isIn(200, 429);
                        admitted += r.statusCode() == 200 ? 1 : 0;
                    }
                    return admitted;
                }));
            }
            go.countDown();
            long total = 0;
            for (Future<Integer> f : results) {
                total += f.get();
            }
            return total;
        }
    }
}
