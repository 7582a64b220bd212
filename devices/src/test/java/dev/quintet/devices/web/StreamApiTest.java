package dev.quintet.devices.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.live.LiveFeed;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.devices.testing.TestStream;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The live stream of a device's changes, read by a real HTTP client. */
class StreamApiTest extends DevicesTestCase {

    static final Duration WAIT = Duration.ofSeconds(10);

    @BeforeAll
    static void start() {
        startWith("[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\"},{\"pin\":\"V2\",\"name\":\"target\",\"type\":\"integer\"}]",
                "streams-per-key=2", "stream-keep-alive=200ms");
    }

    @Test
    void streamsStatusValuesDesiredChangesCommandsAndEventsAsTheyHappen() throws Exception {
        String[] device = app.device(key, template, "watched");
        try (TestStream stream = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), key)) {
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.response().headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
            assertThat(JsonPath.<String>read(stream.next("status", WAIT).data(), "$.status")).isEqualTo("offline");
            assertThat(JsonPath.<Integer>read(stream.next("shadow", WAIT).data(), "$.version")).isZero();

            try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
                TestStream.Event online = stream.next("status", WAIT);
                assertThat(JsonPath.<String>read(online.data(), "$.status")).isEqualTo("online");
                assertThat(JsonPath.<String>read(online.data(), "$.at")).isEqualTo(clock.instant().toString());
                mqtt.subscribe("downlink/#");

                assertThat(mqtt.publish("ds/temp", "21.5")).isZero();
                TestStream.Event reported = stream.next("reported", WAIT);
                assertThat(JsonPath.<Double>read(reported.data(), "$.reported.temp")).isEqualTo(21.5);
                assertThat(JsonPath.<Integer>read(reported.data(), "$.version")).isEqualTo(1);

                app.call("PATCH", "/api/v1/devices/" + device[0] + "/shadow", key, "{\"desired\":{\"target\":7}}");
                TestStream.Event desired = stream.next("desired", WAIT);
                assertThat(JsonPath.<Integer>read(desired.data(), "$.desired.target")).isEqualTo(7);
                assertThat(JsonPath.<Integer>read(desired.data(), "$.version")).isEqualTo(2);

                String command = JsonPath.read(app.call("POST", "/api/v1/devices/" + device[0] + "/commands", key,
                        "{\"method\":\"reboot\",\"two_way\":false}").body(), "$.id");
                assertThat(commandStatus(stream, command)).isEqualTo("QUEUED");
                assertThat(commandStatus(stream, command)).isEqualTo("SENT");
                assertThat(commandStatus(stream, command)).isEqualTo("DELIVERED");

                assertThat(mqtt.publish("event/door_open", "front")).isZero();
                TestStream.Event event = stream.next("event", WAIT);
                assertThat(JsonPath.<String>read(event.data(), "$.code")).isEqualTo("door_open");
                assertThat(JsonPath.<String>read(event.data(), "$.description")).isEqualTo("front");
            }
            TestStream.Event offline = stream.next("status", WAIT);
            assertThat(JsonPath.<String>read(offline.data(), "$.status")).isEqualTo("offline");
            await().atMost(WAIT).until(() -> stream.comments() >= 2);
        }
    }

    @Test
    void aTwoWayCommandAnsweredBeforeItsAcknowledgementStreamsEachStateOnce() throws Exception {
        String[] device = app.device(key, template, "quick");
        try (TestStream stream = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), key);
             TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            assertThat(stream.next("shadow", WAIT)).isNotNull();
            mqtt.holdAcknowledgements();
            mqtt.subscribe("downlink/#");
            String command = JsonPath.read(app.call("POST", "/api/v1/devices/" + device[0] + "/commands", key,
                    "{\"method\":\"ping\",\"two_way\":true}").body(), "$.id");
            assertThat(mqtt.next(WAIT).topic()).isEqualTo("downlink/cmd/" + command);
            assertThat(mqtt.publish("cmd/" + command + "/result", "{\"result\":{\"pong\":true}}")).isZero();

            assertThat(commandStatus(stream, command)).isEqualTo("QUEUED");
            assertThat(commandStatus(stream, command)).isEqualTo("SENT");
            TestStream.Event delivered = stream.next("command", WAIT);
            assertThat(JsonPath.<String>read(delivered.data(), "$.status")).isEqualTo("DELIVERED");
            TestStream.Event succeeded = stream.next("command", WAIT);
            assertThat(JsonPath.<String>read(succeeded.data(), "$.status")).isEqualTo("SUCCEEDED");
            assertThat(JsonPath.<Boolean>read(succeeded.data(), "$.result.pong")).isTrue();
            assertThat(Long.parseLong(succeeded.id())).isEqualTo(Long.parseLong(delivered.id()) + 1);
            String stored = app.call("GET", "/api/v1/devices/" + device[0] + "/commands/" + command, key, null).body();
            assertThat(JsonPath.<String>read(stored, "$.delivered_at")).isEqualTo(clock.instant().toString());

            mqtt.acknowledgeHeld();
            assertThat(stream.next("command", Duration.ofMillis(500))).isNull();
            stored = app.call("GET", "/api/v1/devices/" + device[0] + "/commands/" + command, key, null).body();
            assertThat(JsonPath.<String>read(stored, "$.status")).isEqualTo("SUCCEEDED");
        }
    }

    @Test
    void aReconnectingCallerGetsWhatItMissedInsteadOfTheOpeningState() throws Exception {
        String[] device = app.device(key, template, "resumed");
        String url = app.url("/api/v1/devices/" + device[0] + "/stream");
        String seen;
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            try (TestStream stream = TestStream.open(url, key)) {
                assertThat(stream.next("shadow", WAIT).id()).isNotBlank();
                assertThat(mqtt.publish("ds/temp", "21.5")).isZero();
                TestStream.Event first = stream.next("reported", WAIT);
                assertThat(JsonPath.<Double>read(first.data(), "$.reported.temp")).isEqualTo(21.5);
                seen = first.id();
            }
            assertThat(mqtt.publish("ds/temp", "22.5")).isZero();
            await().atMost(WAIT).until(() -> JsonPath.<Double>read(app.call("GET", "/api/v1/devices/" + device[0]
                    + "/shadow", key, null).body(), "$.reported.temp") == 22.5);
            app.call("PATCH", "/api/v1/devices/" + device[0] + "/shadow", key, "{\"desired\":{\"target\":5}}");

            try (TestStream resumed = TestStream.open(url, key, seen)) {
                TestStream.Event missed = resumed.next(WAIT);
                assertThat(missed.name()).isEqualTo("reported");
                assertThat(JsonPath.<Double>read(missed.data(), "$.reported.temp")).isEqualTo(22.5);
                TestStream.Event next = resumed.next(WAIT);
                assertThat(next.name()).isEqualTo("desired");
                assertThat(JsonPath.<Integer>read(next.data(), "$.desired.target")).isEqualTo(5);
                assertThat(resumed.next(Duration.ofMillis(300))).isNull();
            }
        }
        try (TestStream stranger = TestStream.open(url, key, "an-id-of-another-run.7")) {
            TestStream.Event reset = stranger.next(WAIT);
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(JsonPath.<String>read(reset.data(), "$.reason")).isEqualTo("unknown_id");
            assertThat(stranger.next(WAIT).name()).isEqualTo("status");
            assertThat(stranger.next(WAIT).name()).isEqualTo("shadow");
        }
    }

    @Test
    void theStreamEndsWhenTheClientGoesAwayAndFreesItsSlot() throws Exception {
        String[] device = app.device(key, template, "left");
        LiveFeed feed = app.bean(LiveFeed.class);
        int before = feed.listenerCount();
        TestStream first = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), key);
        TestStream second = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), key);
        assertThat(second.next("shadow", WAIT)).isNotNull();
        assertThat(feed.listenerCount()).isEqualTo(before + 2);

        try (TestStream third = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), key)) {
            assertThat(third.status()).isEqualTo(429);
            assertThat(third.response().headers().firstValue("Content-Type").orElseThrow())
                    .startsWith("application/problem+json");
            assertThat(JsonPath.<String>read(third.errorBody(), "$.code")).isEqualTo("too_many_streams");
            assertThat(JsonPath.<String>read(third.errorBody(), "$.detail")).contains("at most 2 live streams");
        }

        first.close();
        await().atMost(WAIT).until(() -> feed.listenerCount() == before + 1);
        try (TestStream again = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), key)) {
            assertThat(again.status()).isEqualTo(200);
            assertThat(again.next("shadow", WAIT)).isNotNull();
        }
        second.close();
        await().atMost(WAIT).until(() -> feed.listenerCount() == before);
    }

    @Test
    void anotherAccountsDeviceHasNoStream() throws Exception {
        String[] device = app.device(key, template, "private");
        try (TestStream stream = TestStream.open(app.url("/api/v1/devices/" + device[0] + "/stream"), app.newKey())) {
            assertThat(stream.status()).isEqualTo(404);
            assertThat(JsonPath.<String>read(stream.errorBody(), "$.code")).isEqualTo("not_found");
        }
    }

    private static String commandStatus(TestStream stream, String id) throws InterruptedException {
        TestStream.Event e = stream.next("command", WAIT);
        assertThat(e).isNotNull();
        assertThat(JsonPath.<String>read(e.data(), "$.id")).isEqualTo(id);
        return JsonPath.read(e.data(), "$.status");
    }
}
