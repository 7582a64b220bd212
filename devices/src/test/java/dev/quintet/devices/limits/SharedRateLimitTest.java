package dev.quintet.devices.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestApp;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two nodes sharing the devices' buckets through the platform's Redis (when {@code QUINTET_TEST_REDIS_URL} names
 * one): together they admit a device's rate once, over MQTT and HTTP, and record one {@code rate-limited} event a
 * minute. The clock stands still unless a test moves it, so no bucket refills in between.
 */
class SharedRateLimitTest {

    static final String REDIS = System.getenv("QUINTET_TEST_REDIS_URL");
    static final int QUOTA_EXCEEDED = 0x97;

    static MutableClock clock;
    static DevicesTestApp nodeA;
    static DevicesTestApp nodeB;
    static String key;
    static String template;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(REDIS != null && !REDIS.isBlank(), "QUINTET_TEST_REDIS_URL is not set");
        // the platform's quota keys expire by this clock, so it starts near the real time; at the start of a minute,
        // so that the tests' steps never cross into the next minute's window of rate-limited events
        clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)));
        DevicesTestApp[] nodes = DevicesTestApp.startTwoNodes(clock, REDIS, "device-rate=5", "device-burst=10");
        nodeA = nodes[0];
        nodeB = nodes[1];
        key = nodeA.newKey();
        template = nodeA.template(key, "[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\"}]");
    }

    @AfterAll
    static void stop() {
        DevicesTestApp.closeAll(nodeB, nodeA);
    }

    @Test
    void twoNodesHammeredAtOnceAdmitOneBurstBetweenThem() throws Exception {
        String[] device = nodeA.device(key, template, "hammered");
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> calls = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 40; i++) {
                DevicesTestApp node = i % 2 == 0 ? nodeA : nodeB;
                calls.add(pool.submit(() -> {
                    go.await();
                    return update(node, device[1]);
                }));
            }
            go.countDown();
            int admitted = 0;
            for (Future<Integer> call : calls) {
                int status = call.get();
                assertThat(status).isIn(200, 429);
                admitted += status == 200 ? 1 : 0;
            }
            assertThat(admitted).isEqualTo(10);
        }
        assertThat(rateLimitedEvents(device[0])).hasSize(1);
    }

    @Test
    void mqttOnOneNodeAndHttpOnTheOtherDrawFromTheSameBucket() throws Exception {
        String[] device = nodeA.device(key, template, "mixed");
        try (TestDevice mqtt = TestDevice.connect(nodeA.mqttPort(), device[1])) {
            for (int i = 0; i < 6; i++) {
                assertThat(mqtt.publish("ds/temp", Integer.toString(i))).isZero();
            }
            for (int i = 0; i < 4; i++) {
                assertThat(update(nodeB, device[1])).isEqualTo(200);
            }
            assertThat(update(nodeB, device[1])).isEqualTo(429);
            assertThat(mqtt.publish("ds/temp", "7")).isEqualTo(QUOTA_EXCEEDED);

            clock.advance(Duration.ofMillis(400));
            assertThat(mqtt.publish("ds/temp", "8")).isZero();
            assertThat(update(nodeB, device[1])).isEqualTo(200);
            assertThat(update(nodeB, device[1])).isEqualTo(429);
        }
        assertThat(rateLimitedEvents(device[0])).hasSize(1);
    }

    private static int update(DevicesTestApp node, String token) {
        return Http.get(node.url("/external/api/update?token=" + token + "&V1=3")).statusCode();
    }

    private static List<String> rateLimitedEvents(String device) {
        String body = nodeB.call("GET", "/api/v1/devices/" + device + "/events?limit=500", key, null).body();
        return JsonPath.read(body, "$.data[?(@.code == 'rate-limited')].description");
    }
}
