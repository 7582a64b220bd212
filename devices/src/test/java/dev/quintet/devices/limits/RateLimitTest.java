package dev.quintet.devices.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.platform.testing.Http;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The per-device message rate limit (5 a second, bursts of 10 here), over MQTT and the device HTTP API. */
class RateLimitTest extends DevicesTestCase {

    static final int QUOTA_EXCEEDED = 0x97;

    @BeforeAll
    static void start() {
        startWith("[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\"}]", "device-rate=5", "device-burst=10");
    }

    @Test
    void dropsMqttMessagesOverTheLimitWithOneEventPerMinuteAndKeepsTheSession() throws Exception {
        String[] device = app.device(key, template, "flood");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            List<Integer> codes = new ArrayList<>();
            for (int i = 0; i < 15; i++) {
                codes.add(mqtt.publish("ds/temp", Integer.toString(i)));
            }
            assertThat(codes.subList(0, 10)).containsOnly(0);
            assertThat(codes.subList(10, 15)).containsOnly(QUOTA_EXCEEDED);
            assertThat(history(device[0])).hasSize(10);
            assertThat(rateLimitedEvents(device[0])).hasSize(1);

            clock.advance(Duration.ofSeconds(1));
            assertThat(publishAll(mqtt, 5)).containsOnly(0);
            assertThat(mqtt.publish("ds/temp", "1")).isEqualTo(QUOTA_EXCEEDED);
            assertThat(rateLimitedEvents(device[0])).hasSize(1);

            clock.advance(Duration.ofMinutes(1));
            assertThat(publishAll(mqtt, 10)).containsOnly(0);
            assertThat(mqtt.publish("ds/temp", "1")).isEqualTo(QUOTA_EXCEEDED);
            assertThat(mqtt.isConnected()).isTrue();
        }
        List<String> events = rateLimitedEvents(device[0]);
        assertThat(events).hasSize(2);
        assertThat(events.getFirst()).contains("5 messages per second", "bursts of up to 10");
        assertThat(history(device[0])).hasSize(25);
    }

    @Test
    void answersDeviceHttpCallsOverTheLimitWith429AndSharesTheBucketWithMqtt() throws Exception {
        String[] device = app.device(key, template, "http-flood");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            assertThat(publishAll(mqtt, 6)).containsOnly(0);
        }
        for (int i = 0; i < 4; i++) {
            assertThat(update(device[1]).statusCode()).isEqualTo(200);
        }
        HttpResponse<String> over = update(device[1]);
        assertThat(over.statusCode()).isEqualTo(429);
        assertThat(over.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(JsonPath.<String>read(over.body(), "$.error.message")).contains("5 messages per second");
        assertThat(update(device[1]).statusCode()).isEqualTo(429);
        assertThat(rateLimitedEvents(device[0])).hasSize(1);
        assertThat(history(device[0])).hasSize(10);

        clock.advance(Duration.ofMillis(200));
        assertThat(update(device[1]).statusCode()).isEqualTo(200);
    }

    @Test
    void shadowRequestsAndUpdatesCountAgainstTheSameLimit() throws Exception {
        String[] device = app.device(key, template, "shadow-flood");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/shadow/#");
            for (int i = 0; i < 9; i++) {
                assertThat(mqtt.publish("get/shadow", "")).isZero();
                assertThat(mqtt.next(Duration.ofSeconds(5)).topic()).isEqualTo("downlink/shadow");
            }
            assertThat(mqtt.publish("update/shadow", "{\"reported\":{\"temp\":1}}")).isZero();
            assertThat(mqtt.next(Duration.ofSeconds(5)).topic()).isEqualTo("downlink/shadow");

            assertThat(mqtt.publish("get/shadow", "")).isEqualTo(QUOTA_EXCEEDED);
            assertThat(mqtt.publish("update/shadow", "{\"reported\":{\"temp\":2}}")).isEqualTo(QUOTA_EXCEEDED);
            assertThat(mqtt.next(Duration.ofMillis(300))).isNull();
        }
        assertThat(history(device[0])).containsExactly(1.0);
        assertThat(rateLimitedEvents(device[0])).hasSize(1);
    }

    private static List<Integer> publishAll(TestDevice mqtt, int n) throws Exception {
        List<Integer> codes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            codes.add(mqtt.publish("ds/temp", Integer.toString(i)));
        }
        return codes;
    }

    private static HttpResponse<String> update(String token) {
        return Http.get(app.url("/external/api/update?token=" + token + "&V1=3"));
    }

    private static List<Object> history(String device) {
        String body = app.call("GET", "/api/v1/devices/" + device + "/values/V1/history?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z",
                key, null).body();
        return JsonPath.read(body, "$.points[*].value");
    }

    private static List<String> rateLimitedEvents(String device) {
        String body = app.call("GET", "/api/v1/devices/" + device + "/events?limit=500", key, null).body();
        return JsonPath.read(body, "$.data[?(@.code == 'rate-limited')].description");
    }
}
