package dev.quintet.devices.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The embedded broker: device-token authentication, topic authorisation, online status from sessions. */
class MqttBrokerTest extends DevicesTestCase {

    static final String STREAMS = "[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\",\"min\":0,\"max\":50}]";

    @BeforeAll
    static void start() {
        startWith(STREAMS);
    }

    @Test
    void listensOnAnEphemeralPortWhenAskedForPortZero() {
        assertThat(app.mqttPort()).isGreaterThan(0).isNotEqualTo(1883);
    }

    @Test
    void refusesAWrongTokenAndAMissingOne() {
        String[] device = app.device(key, template, "refused");
        String wrong = device[1].substring(0, 31) + (device[1].endsWith("A") ? "B" : "A");

        assertThatThrownBy(() -> TestDevice.connect(app.mqttPort(), wrong))
                .isInstanceOfSatisfying(MqttException.class, e -> assertThat(e.getReasonCode()).isEqualTo(0x86));
        assertThatThrownBy(() -> TestDevice.connect(app.mqttPort(), null))
                .isInstanceOfSatisfying(MqttException.class, e -> assertThat(e.getReasonCode()).isEqualTo(0x86));
        assertThat(status(device[0])).isEqualTo("offline");
    }

    @Test
    void marksADeviceOnlineWhileItsSessionLastsAndOfflineAfter() throws Exception {
        String[] device = app.device(key, template, "status");
        assertThat(status(device[0])).isEqualTo("offline");

        Instant connectedAt = clock.instant();
        TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1]);
        await().atMost(Duration.ofSeconds(5)).until(() -> status(device[0]).equals("online"));
        assertThat(Instant.parse(field(device[0], "$.last_seen_at"))).isEqualTo(connectedAt);

        clock.advance(Duration.ofMinutes(5));
        mqtt.close();
        await().atMost(Duration.ofSeconds(5)).until(() -> status(device[0]).equals("offline"));
        assertThat(Instant.parse(field(device[0], "$.last_seen_at"))).isEqualTo(connectedAt.plus(Duration.ofMinutes(5)));
        String events = app.call("GET", "/api/v1/devices/" + device[0] + "/events", key, null).body();
        assertThat(JsonPath.<java.util.List<String>>read(events, "$.data[*].code")).containsExactly("offline", "online");
    }

    @Test
    void refusesSubscriptionsOutsideTheDevicesDownlink() throws Exception {
        String[] device = app.device(key, template, "subscriber");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            assertThat(mqtt.subscribe("downlink/#")).isEqualTo(1);
            assertThat(mqtt.subscribe("#")).isEqualTo(0x87);
            assertThat(mqtt.subscribe("+/downlink/#")).isEqualTo(0x87);
            assertThat(mqtt.subscribe("ds/temp")).isEqualTo(0x87);
            assertThat(mqtt.subscribe("$share/g/downlink/#")).isEqualTo(0x87);
        }
    }

    @Test
    void aDeviceCannotPublishIntoAnotherDevicesDownlinkNorReadIt() throws Exception {
        String[] a = app.device(key, template, "a");
        String[] b = app.device(key, template, "b");
        try (TestDevice devA = TestDevice.connect(app.mqttPort(), a[1]);
             TestDevice devB = TestDevice.connect(app.mqttPort(), b[1])) {
            devA.subscribe("downlink/#");
            devB.subscribe("downlink/ds/#");

            assertThat(devA.publish("downlink/ds/temp", "40")).isEqualTo(0x87);
            assertThat(devA.publish("devices/" + b[0] + "/ds/temp", "40")).isEqualTo(0x87);
            assertThat(devB.next(Duration.ofMillis(300))).isNull();

            assertThat(app.call("PUT", "/api/v1/devices/" + b[0] + "/values/V1", key, "{\"value\":21.5}").statusCode())
                    .isEqualTo(200);
            assertThat(devB.next(Duration.ofSeconds(2))).isEqualTo(new TestDevice.Received("downlink/ds/temp", "21.5", 1));
            assertThat(devA.next(Duration.ofMillis(300))).isNull();
        }
    }

    @Test
    void aDevicesUplinkChangesOnlyItsOwnValues() throws Exception {
        String[] a = app.device(key, template, "writer");
        String[] b = app.device(key, template, "bystander");
        try (TestDevice devA = TestDevice.connect(app.mqttPort(), a[1])) {
            assertThat(devA.publish("ds/temp", "22.5")).isEqualTo(0);
        }
        assertThat(app.call("GET", "/api/v1/devices/" + a[0] + "/values/V1", key, null).body()).contains("\"reported\":22.5");
        assertThat(app.call("GET", "/api/v1/devices/" + b[0] + "/values/V1", key, null).body()).doesNotContain("reported");
    }

    @Test
    void storesEveryQos0MessageOfADeviceInTheOrderSent() throws Exception {
        String[] device = app.device(key, template, "qos0");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            for (int i = 1; i <= 50; i++) {
                mqtt.publishAtMostOnce("ds/temp", Integer.toString(i));
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> historySize(device[0]) == 50);
        }
        assertThat(app.call("GET", "/api/v1/devices/" + device[0] + "/values/V1", key, null).body())
                .contains("\"reported\":50");
    }

    @Test
    void rotatingTheTokenEndsTheSessionAndLocksOutTheOldToken() throws Exception {
        String[] device = app.device(key, template, "rotated");
        TestDevice old = TestDevice.connect(app.mqttPort(), device[1]);
        String fresh = JsonPath.read(app.call("POST", "/api/v1/devices/" + device[0] + "/token", key, null).body(), "$.token");

        assertThat(fresh).hasSize(32).isNotEqualTo(device[1]);
        await().atMost(Duration.ofSeconds(5)).until(() -> !old.isConnected());
        old.close();
        assertThatThrownBy(() -> TestDevice.connect(app.mqttPort(), device[1])).isInstanceOf(MqttException.class);
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), fresh)) {
            assertThat(mqtt.isConnected()).isTrue();
        }
    }

    @Test
    void refusesToStartOnATakenPortNamingTheVariableThatMovesIt() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            MqttBroker broker = new MqttBroker(new MqttSettings("127.0.0.1", taken.getLocalPort(),
                    Files.createTempDirectory("quintet-mqtt-taken")), token -> Optional.empty(), new DeviceSessions(), null);

            assertThatThrownBy(broker::start).hasMessageContaining("MQTT port " + taken.getLocalPort() + " is already in use")
                    .hasMessageContaining("QUINTET_MQTT_PORT");
            assertThat(broker.isRunning()).isFalse();
        }
    }

    private static String status(String id) {
        return field(id, "$.status");
    }

    private static String field(String id, String path) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + id, key, null).body(), path);
    }

    private static int historySize(String device) {
        String body = app.call("GET", "/api/v1/devices/" + device
                + "/values/V1/history?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&limit=1000", key, null).body();
        return JsonPath.<java.util.List<Object>>read(body, "$.points").size();
    }
}
