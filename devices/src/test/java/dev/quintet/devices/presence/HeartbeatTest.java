package dev.quintet.devices.presence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.platform.testing.Http;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The heartbeat timeout (30 s here): silent devices go offline with a {@code went-offline} event when the sweep runs
 * on the moved clock; MQTT sessions get 1.5 times their keep-alive when that is longer.
 */
class HeartbeatTest extends DevicesTestCase {

    @BeforeAll
    static void start() {
        startWith("[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\"}]",
                "heartbeat-timeout=30s", "heartbeat-sweep-interval=1h");
    }

    @Test
    void anHttpOnlyDeviceIsOnlineAfterAReportAndGoesOfflineWhenSilentPastTheTimeout() {
        String[] device = app.device(key, template, "http-only");
        Instant reportedAt = clock.instant();
        assertThat(Http.get(app.url("/external/api/update?token=" + device[1] + "&V1=20")).statusCode()).isEqualTo(200);
        assertThat(status(device[0])).isEqualTo("online");
        assertThat(Http.get(app.url("/external/api/isHardwareConnected?token=" + device[1])).body()).isEqualTo("true");

        clock.advance(Duration.ofSeconds(29));
        sweep();
        assertThat(status(device[0])).isEqualTo("online");

        clock.advance(Duration.ofSeconds(2));
        sweep();
        assertThat(status(device[0])).isEqualTo("offline");
        assertThat(JsonPath.<String>read(device(device[0]), "$.last_seen_at")).isEqualTo(reportedAt.toString());
        assertThat(codes(device[0])).containsExactly("went-offline", "online");
        assertThat(description(device[0])).contains("not seen for 30 s");

        sweep();
        assertThat(codes(device[0])).containsExactly("went-offline", "online");
    }

    @Test
    void eachReportPushesTheTimeoutBack() {
        String[] device = app.device(key, template, "chatty");
        Http.get(app.url("/external/api/update?token=" + device[1] + "&V1=1"));
        clock.advance(Duration.ofSeconds(20));
        Http.get(app.url("/external/api/logEvent?token=" + device[1] + "&code=tick"));
        clock.advance(Duration.ofSeconds(20));
        sweep();
        assertThat(status(device[0])).isEqualTo("online");
        clock.advance(Duration.ofSeconds(11));
        sweep();
        assertThat(status(device[0])).isEqualTo("offline");
    }

    @Test
    void anMqttSessionGetsOneAndAHalfTimesItsKeepAliveThenIsEnded() throws Exception {
        String[] device = app.device(key, template, "mqtt");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1], 60)) {
            await().atMost(Duration.ofSeconds(10)).until(() -> status(device[0]).equals("online"));

            clock.advance(Duration.ofSeconds(89));
            sweep();
            assertThat(status(device[0])).isEqualTo("online");

            clock.advance(Duration.ofSeconds(2));
            sweep();
            assertThat(status(device[0])).isEqualTo("offline");
            await().atMost(Duration.ofSeconds(10)).until(() -> !mqtt.isConnected());
        }
        assertThat(description(device[0])).contains("not seen for 90 s");
        await().atMost(Duration.ofSeconds(5)).until(() -> !app.bean(dev.quintet.devices.broker.DeviceSessions.class)
                .isConnected(java.util.UUID.fromString(device[0])));
        assertThat(codes(device[0])).containsExactly("went-offline", "online");
    }

    @Test
    void anMqttSessionWithoutKeepAliveIsEndedAfterTheTimeoutUnlessItSendsSomething() throws Exception {
        String[] device = app.device(key, template, "quiet");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1], 0)) {
            await().atMost(Duration.ofSeconds(10)).until(() -> status(device[0]).equals("online"));
            clock.advance(Duration.ofSeconds(25));
            assertThat(mqtt.publish("ds/temp", "3")).isZero();
            clock.advance(Duration.ofSeconds(25));
            sweep();
            assertThat(status(device[0])).isEqualTo("online");

            clock.advance(Duration.ofSeconds(6));
            sweep();
            assertThat(status(device[0])).isEqualTo("offline");
            await().atMost(Duration.ofSeconds(10)).until(() -> !mqtt.isConnected());
        }
    }

    private static void sweep() {
        app.bean(HeartbeatSweep.class).runOnce();
    }

    private static String device(String id) {
        return app.call("GET", "/api/v1/devices/" + id, key, null).body();
    }

    private static String status(String id) {
        return JsonPath.read(device(id), "$.status");
    }

    private static List<String> codes(String id) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + id + "/events", key, null).body(),
                "$.data[?(@.kind == 'system')].code");
    }

    private static String description(String id) {
        return JsonPath.<List<String>>read(app.call("GET", "/api/v1/devices/" + id + "/events", key, null).body(),
                "$.data[?(@.code == 'went-offline')].description").getFirst();
    }
}
