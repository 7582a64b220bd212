package dev.quintet.devices.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestApp;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.devices.testing.TestStream;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Two nodes of the service on one database (the external one when {@code QUINTET_TEST_DATABASE_URL} names it), each
 * with its own connection pool, live feed, web server and embedded broker: a device speaks to node A, apps stream it
 * from node B, and streams resume on the node they did not start on.
 */
class LiveAcrossNodesTest {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final String DATASTREAMS = "[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\"},"
            + "{\"pin\":\"V2\",\"name\":\"target\",\"type\":\"integer\"}]";

    static MutableClock clock;
    static DevicesTestApp nodeA;
    static DevicesTestApp nodeB;
    static String key;
    static String template;

    @BeforeAll
    static void start() {
        clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        DevicesTestApp[] nodes = DevicesTestApp.startTwoNodes(clock, null, "stream-keep-alive=500ms");
        nodeA = nodes[0];
        nodeB = nodes[1];
        key = nodeA.newKey();
        template = nodeA.template(key, DATASTREAMS);
    }

    @AfterAll
    static void stop() {
        DevicesTestApp.closeAll(nodeB, nodeA);
    }

    @Test
    void everyChangeOfADeviceOnNodeAReachesAStreamOnNodeBWithTheSameIds() throws Exception {
        String[] device = nodeA.device(key, template, "across");
        try (TestStream onB = TestStream.open(stream(nodeB, device[0]), key);
             TestStream onA = TestStream.open(stream(nodeA, device[0]), key)) {
            assertThat(onB.next("shadow", WAIT)).isNotNull();
            assertThat(onA.next("shadow", WAIT)).isNotNull();

            try (TestDevice mqtt = TestDevice.connect(nodeA.mqttPort(), device[1])) {
                mqtt.subscribe("downlink/#");
                assertThat(mqtt.publish("ds/temp", "21.5")).isZero();
                nodeA.call("PATCH", "/api/v1/devices/" + device[0] + "/shadow", key, "{\"desired\":{\"target\":7}}");
                nodeA.call("POST", "/api/v1/devices/" + device[0] + "/commands", key,
                        "{\"method\":\"reboot\",\"two_way\":false}");
                assertThat(mqtt.publish("event/door_open", "front")).isZero();

                List<TestStream.Event> seenOnB = collect(onB, "door_open", 3);
                // the command's later states (sent, delivered) commit as the device acknowledges, in no fixed
                // order with the door event the device publishes meanwhile
                assertThat(seenOnB).extracting(TestStream.Event::name).containsSubsequence(
                        "status", "reported", "desired", "command");
                assertThat(seenOnB).filteredOn(e -> e.name().equals("command")).hasSize(3);
                assertThat(seenOnB).filteredOn(e -> e.name().equals("event")
                        && "door_open".equals(JsonPath.read(e.data(), "$.code"))).hasSize(1);
                TestStream.Event reported = seenOnB.stream().filter(e -> e.name().equals("reported")).findFirst().orElseThrow();
                assertThat(JsonPath.<Double>read(reported.data(), "$.reported.temp")).isEqualTo(21.5);
                assertThat(JsonPath.<Integer>read(reported.data(), "$.version")).isEqualTo(1);
                TestStream.Event desired = seenOnB.stream().filter(e -> e.name().equals("desired")).findFirst().orElseThrow();
                assertThat(JsonPath.<Integer>read(desired.data(), "$.desired.target")).isEqualTo(7);
                assertThat(consecutive(seenOnB)).isTrue();

                List<TestStream.Event> seenOnA = collect(onA, "door_open", 3);
                assertThat(seenOnA).as("the node that made the changes delivers each once, with the same ids")
                        .isEqualTo(seenOnB);
            }
            TestStream.Event offline = onB.next("status", WAIT);
            assertThat(JsonPath.<String>read(offline.data(), "$.status")).isEqualTo("offline");
        }
    }

    @Test
    void aStreamResumesOnTheOtherNodeWithWhatItMissed() throws Exception {
        String[] device = nodeA.device(key, template, "resumed");
        String seen;
        try (TestStream onA = TestStream.open(stream(nodeA, device[0]), key)) {
            assertThat(onA.next("shadow", WAIT)).isNotNull();
            assertThat(update(nodeA, device[1], "V1=20.5")).isEqualTo(200);
            seen = onA.next("reported", WAIT).id();
        }
        assertThat(update(nodeA, device[1], "V1=21.5")).isEqualTo(200);
        nodeB.call("PUT", "/api/v1/devices/" + device[0] + "/values/V2", key, "{\"value\":5}");

        try (TestStream onB = TestStream.open(stream(nodeB, device[0]), key, seen)) {
            TestStream.Event missed = onB.next(WAIT);
            assertThat(missed.name()).isEqualTo("reported");
            assertThat(JsonPath.<Double>read(missed.data(), "$.reported.temp")).isEqualTo(21.5);
            assertThat(missed.id()).isEqualTo(Long.toString(Long.parseLong(seen) + 1));
            TestStream.Event next = onB.next(WAIT);
            assertThat(next.name()).isEqualTo("desired");
            assertThat(JsonPath.<Integer>read(next.data(), "$.desired.target")).isEqualTo(5);

            assertThat(update(nodeA, device[1], "V1=22.5")).isEqualTo(200);
            TestStream.Event live = onB.next("reported", WAIT);
            assertThat(JsonPath.<Double>read(live.data(), "$.reported.temp")).isEqualTo(22.5);
            assertThat(live.id()).isEqualTo(Long.toString(Long.parseLong(next.id()) + 1));
        }
    }

    @Test
    void anIdWhoseChangesAreNoLongerKeptGetsAResetAndTheStateInsteadOfAGap() throws Exception {
        String[] device = nodeA.device(key, template, "expired");
        String seen;
        try (TestStream onA = TestStream.open(stream(nodeA, device[0]), key)) {
            assertThat(onA.next("shadow", WAIT)).isNotNull();
            assertThat(update(nodeA, device[1], "V1=1")).isEqualTo(200);
            seen = onA.next("reported", WAIT).id();
        }
        assertThat(update(nodeA, device[1], "V1=2")).isEqualTo(200);
        clock.advance(Duration.ofMinutes(6));
        assertThat(update(nodeA, device[1], "V1=3")).isEqualTo(200);
        nodeB.bean(LiveFeed.class).sweep();

        try (TestStream onB = TestStream.open(stream(nodeB, device[0]), key, seen)) {
            TestStream.Event reset = onB.next(WAIT);
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(JsonPath.<String>read(reset.data(), "$.reason")).isEqualTo("not_kept");
            assertThat(onB.next(WAIT).name()).isEqualTo("status");
            TestStream.Event shadow = onB.next(WAIT);
            assertThat(shadow.name()).isEqualTo("shadow");
            assertThat(JsonPath.<Double>read(shadow.data(), "$.reported.temp")).isEqualTo(3.0);

            assertThat(update(nodeA, device[1], "V1=4")).isEqualTo(200);
            TestStream.Event live = onB.next("reported", WAIT);
            assertThat(live.id()).isEqualTo(Long.toString(Long.parseLong(shadow.id()) + 1));
        }
        try (TestStream ahead = TestStream.open(stream(nodeB, device[0]), key, "999999")) {
            TestStream.Event reset = ahead.next(WAIT);
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(JsonPath.<String>read(reset.data(), "$.reason")).isEqualTo("unknown_id");
        }
    }

    @Test
    void aWatchThatRanOutStartsOpenStreamsAgainFromTheState() throws Exception {
        String[] device = nodeA.device(key, template, "lapsed");
        try (TestStream onB = TestStream.open(stream(nodeB, device[0]), key)) {
            assertThat(onB.next("shadow", WAIT)).isNotNull();
            // as if node B had stalled past its lease: node A's next change is not numbered for anyone
            nodeA.bean(JdbcClient.class).sql("""
                    update devices.live_heads set watched_until = now() - interval '1 second' where device_id = :device
                    """).param("device", UUID.fromString(device[0])).update();
            assertThat(update(nodeA, device[1], "V1=9.5")).isEqualTo(200);

            nodeB.bean(LiveFeed.class).maintain();
            TestStream.Event reset = onB.next(WAIT);
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(JsonPath.<String>read(reset.data(), "$.reason")).isEqualTo("not_kept");
            assertThat(onB.next(WAIT).name()).isEqualTo("status");
            TestStream.Event shadow = onB.next(WAIT);
            assertThat(JsonPath.<Double>read(shadow.data(), "$.reported.temp")).isEqualTo(9.5);

            assertThat(update(nodeA, device[1], "V1=10.5")).isEqualTo(200);
            assertThat(JsonPath.<Double>read(onB.next("reported", WAIT).data(), "$.reported.temp")).isEqualTo(10.5);
        }
    }

    @Test
    void aChangeCommittingWhileAWatchStartsIsNumberedOnceTheWatchCommitted() throws Exception {
        UUID device = UUID.fromString(nodeA.device(key, template, "racing")[0]);
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // a watch starting on node B, as LiveWatches.start does it, held open between its lock and its commit
        Thread watch = Thread.ofPlatform().start(() -> nodeB.bean(TransactionTemplate.class).executeWithoutResult(s -> {
            JdbcClient jdbc = nodeB.bean(JdbcClient.class);
            new FeedLocks(jdbc).exclusive(device);
            jdbc.sql("insert into devices.live_heads (device_id, seq, watched_until) values (:device, 0, now() + interval '1 minute')")
                    .param("device", device).update();
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
        LiveFeed feed = nodeA.bean(LiveFeed.class);
        Thread change = Thread.ofPlatform().start(() -> feed.publish(device, LiveChange.EVENT,
                JsonNodeFactory.instance.objectNode().put("code", "racing")));
        change.join(300);
        assertThat(change.isAlive()).as("the change waits for the watch to commit").isTrue();
        release.countDown();
        watch.join(10_000);
        change.join(10_000);

        assertThat(feed.head(device)).isEqualTo(1);
        assertThat(nodeA.bean(JdbcClient.class).sql("select type from devices.live_changes where device_id = :device and seq = 1")
                .param("device", device).query(String.class).single()).isEqualTo(LiveChange.EVENT);
    }

    /** The events of a stream up to the device event {@code code}, then any that follow within a short while. */
    /** Events until the device event {@code code} and {@code commands} command changes have come, and any soon after. */
    private static List<TestStream.Event> collect(TestStream stream, String code, int commands)
            throws InterruptedException {
        List<TestStream.Event> events = new ArrayList<>();
        boolean coded = false;
        int commanded = 0;
        TestStream.Event e;
        while ((!coded || commanded < commands) && (e = stream.next(WAIT)) != null) {
            events.add(e);
            coded |= e.name().equals("event") && code.equals(JsonPath.read(e.data(), "$.code"));
            commanded += e.name().equals("command") ? 1 : 0;
        }
        while ((e = stream.next(Duration.ofMillis(300))) != null) {
            events.add(e);
        }
        return events;
    }

    private static boolean consecutive(List<TestStream.Event> events) {
        for (int i = 1; i < events.size(); i++) {
            if (Long.parseLong(events.get(i).id()) != Long.parseLong(events.get(i - 1).id()) + 1) {
                return false;
            }
        }
        return true;
    }

    private static String stream(DevicesTestApp node, String device) {
        return node.url("/api/v1/devices/" + device + "/stream");
    }

    private static int update(DevicesTestApp node, String token, String values) {
        return Http.get(node.url("/external/api/update?token=" + token + "&" + values)).statusCode();
    }
}
