package dev.quintet.devices.external;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The service as a client of an external broker (the machine's Mosquitto, when {@code QUINTET_TEST_MQTT_URL} names
 * it): reported values arrive, app writes and commands reach the device, and the retained status sets it online and
 * offline. Each run uses its own topic root and share group, so runs on the same broker do not meet.
 */
class ExternalBrokerTest extends DevicesTestCase {

    static final String URL = System.getenv("QUINTET_TEST_MQTT_URL");
    static final String ROOT = "quintet-test-" + UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(URL != null && !URL.isBlank(), "QUINTET_TEST_MQTT_URL is not set");
        startWith("""
                [{"pin":"V1","name":"temp","type":"double","min":0,"max":50},
                 {"pin":"V2","name":"level","type":"integer","min":0,"max":10}]""",
                "mqtt-url=" + URL, "mqtt-topic-root=" + ROOT, "mqtt-share-group=" + ROOT);
    }

    @Test
    void aDeviceIsOnlineWhileItsRetainedStatusSaysSoAndOfflineAfterItsLastWill() throws Exception {
        String[] device = app.device(key, template, "status");
        TestDevice mqtt = TestDevice.connectExternal(brokerUri(), ROOT, device[0], device[1]);
        try {
            assertThat(eventually(() -> status(device[0]), "online")).isEqualTo("online");
            mqtt.dropConnection();
            assertThat(eventually(() -> status(device[0]), "offline")).isEqualTo("offline");
        } finally {
            clear(device);
        }
    }

    @Test
    void valuesTheDeviceReportsAreStored() throws Exception {
        String[] device = app.device(key, template, "reports");
        try (TestDevice mqtt = TestDevice.connectExternal(brokerUri(), ROOT, device[0], device[1])) {
            assertThat(mqtt.publish("ds/temp", "21.5")).isZero();
            assertThat(mqtt.publish("batch_ds", "{\"temp\":22.5,\"level\":4}")).isZero();
            assertThat(eventually(() -> reported(device[0], "level"), 4)).isEqualTo(4);
            assertThat(reported(device[0], "temp")).isEqualTo(22.5);
            String history = app.call("GET", "/api/v1/devices/" + device[0]
                    + "/values/V1/history?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z", key, null).body();
            assertThat(JsonPath.<java.util.List<Double>>read(history, "$.points[*].value")).containsExactly(21.5, 22.5);
        } finally {
            clear(device);
        }
    }

    @Test
    void anAppWriteReachesTheDevice() throws Exception {
        String[] device = app.device(key, template, "writes");
        try (TestDevice mqtt = TestDevice.connectExternal(brokerUri(), ROOT, device[0], device[1])) {
            eventually(() -> status(device[0]), "online");
            HttpResponse<String> write = app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V2", key, "{\"value\":7}");

            assertThat(write.statusCode()).as(write.body()).isEqualTo(200);
            assertThat(JsonPath.<String>read(write.body(), "$.delivery")).isEqualTo("sent");
            assertThat(mqtt.next(Duration.ofSeconds(5))).isEqualTo(new TestDevice.Received("downlink/ds/level", "7", 1));
        } finally {
            clear(device);
        }
    }

    @Test
    void aValueWrittenWhileTheDeviceIsOfflineArrivesOnceItIsOnline() throws Exception {
        String[] device = app.device(key, template, "waits");
        HttpResponse<String> write = app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V2", key, "{\"value\":3}");
        assertThat(JsonPath.<String>read(write.body(), "$.delivery")).isEqualTo("queued");
        try (TestDevice mqtt = TestDevice.connectExternal(brokerUri(), ROOT, device[0], device[1])) {
            assertThat(mqtt.next(Duration.ofSeconds(5))).isEqualTo(new TestDevice.Received("downlink/ds/level", "3", 1));
        } finally {
            clear(device);
        }
    }

    @Test
    void aCommandRoundTrips() throws Exception {
        String[] device = app.device(key, template, "commands");
        try (TestDevice mqtt = TestDevice.connectExternal(brokerUri(), ROOT, device[0], device[1])) {
            eventually(() -> status(device[0]), "online");
            HttpResponse<String> sent = app.call("POST", "/api/v1/devices/" + device[0] + "/commands", key,
                    "{\"method\":\"reboot\",\"params\":{\"delay\":1},\"two_way\":true}");
            assertThat(sent.statusCode()).as(sent.body()).isEqualTo(201);
            String id = JsonPath.read(sent.body(), "$.id");

            TestDevice.Received command = mqtt.next(Duration.ofSeconds(5));
            assertThat(command).isNotNull();
            assertThat(command.topic()).isEqualTo("downlink/cmd/" + id);
            assertThat(JsonPath.<String>read(command.payload(), "$.method")).isEqualTo("reboot");
            assertThat(mqtt.publish("cmd/" + id + "/result", "{\"result\":{\"rebooted\":true}}")).isZero();

            assertThat(eventually(() -> commandStatus(device[0], id), "SUCCEEDED")).isEqualTo("SUCCEEDED");
            String body = app.call("GET", "/api/v1/devices/" + device[0] + "/commands/" + id, key, null).body();
            assertThat(JsonPath.<Boolean>read(body, "$.result.rebooted")).isTrue();
        } finally {
            clear(device);
        }
    }

    /** Removes the retained status the device left on the shared broker. */
    private static void clear(String[] device) throws Exception {
        try (TestDevice cleaner = TestDevice.connectExternal(brokerUri(), ROOT, device[0], device[1])) {
            cleaner.clearStatus();
        }
    }

    private static String brokerUri() {
        return BrokerUrl.parse(URL).pahoUri();
    }

    private static String status(String device) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + device, key, null).body(), "$.status");
    }

    private static String commandStatus(String device, String id) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + device + "/commands/" + id, key, null).body(), "$.status");
    }

    private static Object reported(String device, String pin) {
        String body = app.call("GET", "/api/v1/devices/" + device + "/values/" + pin, key, null).body();
        return body.contains("\"reported\"") ? JsonPath.read(body, "$.reported") : null;
    }

    /** Reads until {@code read} gives {@code expected}, for up to 10 s (the broker acknowledges before the service stores). */
    private static <T> T eventually(Supplier<T> read, T expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        T value = read.get();
        while (!Objects.equals(value, expected) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            value = read.get();
        }
        return value;
    }
}
