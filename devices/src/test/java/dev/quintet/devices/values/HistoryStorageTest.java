package dev.quintet.devices.values;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reported values stored in batches: what a device got acknowledged is committed, order and versions hold, retention. */
class HistoryStorageTest extends DevicesTestCase {

    @BeforeAll
    static void start() {
        startWith("""
                [{"pin":"V1","name":"temp","type":"double"},{"pin":"V2","name":"level","type":"integer"}]""",
                "report-batch-size=50", "history-retention=30d");
    }

    @Test
    void aMessageAcknowledgedToTheDeviceIsAlreadyInTheDatabase() throws Exception {
        String[] device = app.device(key, template, "acked");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            for (int i = 0; i < 20; i++) {
                assertThat(mqtt.publish("ds/temp", Integer.toString(i))).isZero();
                assertThat(rows(device[0])).isEqualTo(i + 1);
            }
        }
        app.restart();
        assertThat(history(device[0], "V1")).hasSize(20).endsWith(19.0);
    }

    @Test
    void reportsOfManyDevicesAtOnceAreAllStoredInOrderAndEachRaisesTheShadowVersion() throws Exception {
        int devices = 8;
        int messages = 60;
        List<String[]> created = new ArrayList<>();
        for (int d = 0; d < devices; d++) {
            created.add(app.device(key, template, "busy-" + d));
        }
        List<Callable<Void>> senders = new ArrayList<>();
        for (String[] device : created) {
            senders.add(() -> {
                try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
                    for (int i = 1; i <= messages; i++) {
                        assertThat(mqtt.publish("batch_ds", "{\"temp\":" + i + ",\"level\":" + i + "}")).isZero();
                    }
                }
                return null;
            });
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Future<Void> f : pool.invokeAll(senders)) {
                f.get();
            }
        }
        for (String[] device : created) {
            assertThat(history(device[0], "V2")).hasSize(messages).isSorted().endsWith((double) messages);
            String shadow = app.call("GET", "/api/v1/devices/" + device[0] + "/shadow", key, null).body();
            assertThat(JsonPath.<Integer>read(shadow, "$.version")).isEqualTo(messages);
            assertThat(JsonPath.<Integer>read(shadow, "$.reported.level")).isEqualTo(messages);
        }
    }

    @Test
    void theRetentionSweepDeletesValuesOlderThanTheRetentionOnly() throws Exception {
        String[] device = app.device(key, template, "old");
        Instant t0 = Instant.parse("2026-05-01T00:00:00Z");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            clock.set(t0);
            assertThat(mqtt.publish("ds/level", "1")).isZero();
            clock.set(t0.plus(Duration.ofDays(20)));
            assertThat(mqtt.publish("ds/level", "2")).isZero();
        }
        clock.set(t0.plus(Duration.ofDays(30)).plusSeconds(1));

        int deleted = app.bean(HistoryRetention.class).runOnce();

        assertThat(deleted).isGreaterThanOrEqualTo(1);
        assertThat(history(device[0], "V2")).containsExactly(2.0);
        assertThat(app.bean(HistoryRetention.class).runOnce()).isZero();
    }

    private static long rows(String device) {
        return app.bean(JdbcClient.class).sql("select count(*) from devices.value_history where device_id = :d")
                .param("d", UUID.fromString(device)).query(Long.class).single();
    }

    private static List<Double> history(String device, String pin) {
        String body = app.call("GET", "/api/v1/devices/" + device + "/values/" + pin
                + "/history?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z&limit=10000", key, null).body();
        return JsonPath.<List<Number>>read(body, "$.points[*].value").stream().map(Number::doubleValue).toList();
    }
}
