package dev.quintet.devices.values;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Values reported by devices, written by apps, delivered over MQTT, and their history. */
class ValuesTest extends DevicesTestCase {

    static final String STREAMS = """
            [{"pin":"V1","name":"temp","type":"double","min":0,"max":50},
             {"pin":"V2","name":"level","type":"integer","min":0,"max":10,"default_value":3},
             {"pin":"V3","name":"on","type":"boolean"},
             {"pin":"V4","name":"label","type":"string"}]""";

    @BeforeAll
    static void start() {
        startWith(STREAMS);
    }

    @Test
    void storesAReportedValueAndClampsOneOutsideTheRangeWithAnEvent() throws Exception {
        String[] device = app.device(key, template, "clamped");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            assertThat(mqtt.publish("ds/temp", "21.5")).isZero();
            assertThat(reported(device[0], "V1")).isEqualTo(21.5);

            assertThat(mqtt.publish("ds/level", "99")).isZero();
        }
        assertThat(reported(device[0], "level")).isEqualTo(10);
        String events = app.call("GET", "/api/v1/devices/" + device[0] + "/events", key, null).body();
        assertThat(JsonPath.<List<String>>read(events, "$.data[?(@.code == 'clamped-value')].description"))
                .singleElement().asString().contains("V2 (level) '99'", "stored as 10");
        assertThat(JsonPath.<List<String>>read(events, "$.data[?(@.code == 'clamped-value')].data.pin")).containsExactly("V2");
    }

    @Test
    void storesABatchAndRecordsValuesItCannotStoreAsEvents() throws Exception {
        String[] device = app.device(key, template, "batch");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            assertThat(mqtt.publish("batch_ds", "{\"temp\":30,\"on\":true,\"label\":\"hall\",\"nope\":1,\"level\":\"x\"}")).isZero();
        }
        String values = app.call("GET", "/api/v1/devices/" + device[0] + "/values?pins=V1,V3,label", key, null).body();
        assertThat(JsonPath.<List<Object>>read(values, "$.values[*].reported")).containsExactly(30.0, true, "hall");
        String events = app.call("GET", "/api/v1/devices/" + device[0] + "/events", key, null).body();
        assertThat(JsonPath.<List<String>>read(events, "$.data[?(@.code == 'rejected-value')].description"))
                .anySatisfy(d -> assertThat(d).contains("no datastream 'nope'"))
                .anySatisfy(d -> assertThat(d).contains("V2 (level) must be a number"));
    }

    @Test
    void aValueWrittenWhileTheDeviceIsOnlineArrivesWithinOneSecond() throws Exception {
        String[] device = app.device(key, template, "online");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/ds/#");
            HttpResponse<String> write = app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V2", key, "{\"value\":7}");

            assertThat(write.statusCode()).isEqualTo(200);
            assertThat(JsonPath.<String>read(write.body(), "$.delivery")).isEqualTo("sent");
            assertThat(mqtt.next(Duration.ofSeconds(1))).isEqualTo(new TestDevice.Received("downlink/ds/level", "7", 1));
            assertThat(JsonPath.<Boolean>read(write.body(), "$.value.pending")).isFalse();
        }
    }

    @Test
    void aValueWrittenWhileTheDeviceIsOfflineArrivesWhenItReconnects() throws Exception {
        String[] device = app.device(key, template, "offline");
        HttpResponse<String> write = app.call("POST", "/api/v1/devices/" + device[0] + "/values", key,
                "{\"values\":{\"V3\":true,\"label\":\"door\"}}");
        assertThat(write.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<String>read(write.body(), "$.delivery")).isEqualTo("queued");
        assertThat(JsonPath.<List<Boolean>>read(write.body(), "$.values[*].pending")).containsExactly(true, true);

        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/#");
            List<TestDevice.Received> got = Arrays.asList(mqtt.next(Duration.ofSeconds(3)), mqtt.next(Duration.ofSeconds(3)),
                    mqtt.next(Duration.ofSeconds(3)));
            assertThat(got).filteredOn(r -> r.topic().startsWith("downlink/ds/")).containsExactlyInAnyOrder(
                    new TestDevice.Received("downlink/ds/on", "1", 1), new TestDevice.Received("downlink/ds/label", "door", 1));
            assertThat(got).filteredOn(r -> r.topic().equals("downlink/shadow/delta")).singleElement()
                    .satisfies(d -> assertThat(d.payload()).contains("\"delta\":{\"on\":true,\"label\":\"door\"}"));
            assertThat(mqtt.next(Duration.ofMillis(300))).isNull();
        }
        String values = app.call("GET", "/api/v1/devices/" + device[0] + "/values?pins=V3", key, null).body();
        assertThat(JsonPath.<List<Boolean>>read(values, "$.values[*].pending")).containsExactly(false);
    }

    @Test
    void aDeviceAskingForItsValuesGetsTheCurrentOnesOrDefaults() throws Exception {
        String[] device = app.device(key, template, "asks");
        app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V1", key, "{\"value\":12.5}");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/ds/#");
            assertThat(mqtt.next(Duration.ofSeconds(3))).isEqualTo(new TestDevice.Received("downlink/ds/temp", "12.5", 1));
            assertThat(mqtt.publish("get/ds", "temp,level")).isZero();
            assertThat(List.of(mqtt.next(Duration.ofSeconds(3)), mqtt.next(Duration.ofSeconds(3)))).containsExactly(
                    new TestDevice.Received("downlink/ds/temp", "12.5", 1), new TestDevice.Received("downlink/ds/level", "3", 1));
        }
    }

    @Test
    void rejectsAppWritesOutsideTheRangeOrOfTheWrongType() {
        String[] device = app.device(key, template, "strict");
        assertRejected(app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V1", key, "{\"value\":50.5}"),
                "value", "between 0 and 50, got 50.5");
        assertRejected(app.call("PUT", "/api/v1/devices/" + device[0] + "/values/level", key, "{\"value\":1.5}"),
                "value", "must be an integer");
        assertRejected(app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V3", key, "{\"value\":\"yes\"}"),
                "value", "true or false");
        assertRejected(app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V1", key, "{}"), "value", "required");
        assertRejected(app.call("POST", "/api/v1/devices/" + device[0] + "/values", key, "{\"values\":{\"V1\":1,\"V2\":11}}"),
                "values.V2", "between 0 and 10");
        assertThat(app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V9", key, "{\"value\":1}").statusCode()).isEqualTo(404);
        String values = app.call("GET", "/api/v1/devices/" + device[0] + "/values", key, null).body();
        assertThat(JsonPath.<List<Object>>read(values, "$.values[*].desired")).isEmpty();
    }

    @Test
    void aggregatesHistoryOverAKnownSeries() throws Exception {
        String[] device = app.device(key, template, "history");
        Instant t0 = Instant.parse("2026-03-02T00:00:00Z");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            int[] seconds = {0, 10, 20, 70, 80, 130};
            double[] temps = {10, 20, 30, 40, 50, 5};
            for (int i = 0; i < seconds.length; i++) {
                clock.set(t0.plusSeconds(seconds[i]));
                assertThat(mqtt.publish("ds/temp", Double.toString(temps[i]))).isZero();
            }
        }
        String base = "/api/v1/devices/" + device[0] + "/values/V1/history?from=" + t0 + "&to=" + t0.plusSeconds(180);

        String raw = app.call("GET", base, key, null).body();
        assertThat(JsonPath.<List<Double>>read(raw, "$.points[*].value")).containsExactly(10.0, 20.0, 30.0, 40.0, 50.0, 5.0);
        assertThat(series(base + "&agg=avg&interval=1m", "value")).containsExactly(20.0, 45.0, 5.0);
        assertThat(series(base + "&agg=avg&interval=1m", "t")).containsExactly(t0.toString(), t0.plusSeconds(60).toString(),
                t0.plusSeconds(120).toString());
        assertThat(series(base + "&agg=min&interval=PT1M", "value")).containsExactly(10.0, 40.0, 5.0);
        assertThat(series(base + "&agg=max&interval=60s", "value")).containsExactly(30.0, 50.0, 5.0);
        assertThat(series(base + "&agg=sum&interval=2m", "value")).containsExactly(150.0, 5.0);
        assertThat(series(base + "&agg=count&interval=1m", "value")).containsExactly(3, 2, 1);
        assertThat(series(base + "&agg=avg", "value")).containsExactly(25.833333333333332);
        assertRejected(app.call("GET", base + "&agg=median", key, null), "agg", "none, avg, min, max, sum, count");
        assertRejected(app.call("GET", base + "&agg=avg&interval=0s", key, null), "interval", "at least 1s");
        assertRejected(app.call("GET", "/api/v1/devices/" + device[0] + "/values/V1/history?from=yesterday", key, null),
                "from", "ISO-8601");
        assertRejected(app.call("GET", "/api/v1/devices/" + device[0] + "/values/V1/history?from=" + t0
                        + "&to=2026-04-01T00:00:00Z&agg=avg&interval=1s", key, null),
                "interval", "10000 buckets");
    }

    private static <T> List<T> series(String path, String field) {
        HttpResponse<String> r = app.call("GET", path, key, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JsonPath.read(r.body(), "$.points[*]." + field);
    }

    private static Object reported(String device, String pin) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + device + "/values/" + pin, key, null).body(), "$.reported");
    }

    private static void assertRejected(HttpResponse<String> r, String param, String rule) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(JsonPath.<String>read(r.body(), "$.param")).isEqualTo(param);
        assertThat(JsonPath.<String>read(r.body(), "$.detail")).contains(rule);
    }
}
