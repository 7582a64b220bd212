package dev.quintet.devices.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.platform.testing.Http;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shadow: desired, reported and delta as one versioned document over the datastream values. */
class ShadowApiTest extends DevicesTestCase {

    static final String STREAMS = """
            [{"pin":"V1","name":"temp","type":"double"},
             {"pin":"V2","name":"target","type":"integer","min":5,"max":30},
             {"pin":"V3","name":"mode","type":"enum","options":["off","eco","boost"]}]""";

    @BeforeAll
    static void start() {
        startWith(STREAMS);
    }

    @Test
    void aNewDevicesShadowIsEmptyAtVersionZero() {
        String[] device = app.device(key, template, "fresh");
        HttpResponse<String> r = shadow(device[0]);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("ETag")).hasValue("\"0\"");
        assertThat(JsonPath.<Integer>read(r.body(), "$.version")).isZero();
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$.desired")).isEmpty();
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$.reported")).isEmpty();
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$.delta")).isEmpty();
    }

    @Test
    void aDesiredChangeGoesToTheDeviceAndLeavesTheDeltaUntilTheDeviceReportsIt() throws Exception {
        String[] device = app.device(key, template, "thermostat");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/ds/#");
            HttpResponse<String> patched = patch(device[0], "{\"desired\":{\"target\":22,\"mode\":\"eco\"}}");

            assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
            assertThat(patched.headers().firstValue("ETag")).hasValue("\"1\"");
            assertThat(JsonPath.<Integer>read(patched.body(), "$.version")).isEqualTo(1);
            assertThat(JsonPath.<Map<String, Object>>read(patched.body(), "$.delta")).containsOnly(
                    Map.entry("target", 22), Map.entry("mode", "eco"));
            assertThat(JsonPath.<String>read(patched.body(), "$.metadata.desired.target.timestamp"))
                    .isEqualTo(clock.instant().toString());
            assertThat(java.util.List.of(mqtt.next(Duration.ofSeconds(5)), mqtt.next(Duration.ofSeconds(5))))
                    .containsExactlyInAnyOrder(new TestDevice.Received("downlink/ds/target", "22", 1),
                            new TestDevice.Received("downlink/ds/mode", "eco", 1));

            assertThat(mqtt.publish("batch_ds", "{\"target\":22,\"temp\":19.5}")).isZero();
        }
        String body = shadow(device[0]).body();
        assertThat(JsonPath.<Integer>read(body, "$.version")).isEqualTo(2);
        assertThat(JsonPath.<Map<String, Object>>read(body, "$.reported")).containsOnly(
                Map.entry("target", 22), Map.entry("temp", 19.5));
        assertThat(JsonPath.<Map<String, Object>>read(body, "$.delta")).containsOnly(Map.entry("mode", "eco"));
        assertThat(JsonPath.<Boolean>read(body, "$.metadata.desired.target.pending")).isFalse();
        assertThat(JsonPath.<String>read(body, "$.metadata.reported.temp.timestamp")).isEqualTo(clock.instant().toString());
    }

    @Test
    void aStaleIfMatchIsAConflictAndChangesNothing() {
        String[] device = app.device(key, template, "conflict");
        assertThat(patch(device[0], "{\"desired\":{\"target\":10}}").statusCode()).isEqualTo(200);
        assertThat(app.call("PUT", "/api/v1/devices/" + device[0] + "/values/V2", key, "{\"value\":11}").statusCode())
                .isEqualTo(200);

        HttpResponse<String> stale = patch(device[0], "{\"desired\":{\"target\":12}}", "If-Match", "\"1\"");
        assertThat(stale.statusCode()).isEqualTo(409);
        assertThat(stale.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat(stale.headers().firstValue("ETag")).hasValue("\"2\"");
        assertThat(JsonPath.<String>read(stale.body(), "$.code")).isEqualTo("version_conflict");
        assertThat(JsonPath.<String>read(stale.body(), "$.param")).isEqualTo("If-Match");
        assertThat(JsonPath.<String>read(stale.body(), "$.detail")).contains("version 1", "at version 2");
        assertThat(JsonPath.<Integer>read(shadow(device[0]).body(), "$.desired.target")).isEqualTo(11);

        HttpResponse<String> current = patch(device[0], "{\"desired\":{\"target\":12}}", "If-Match", "\"2\"");
        assertThat(current.statusCode()).isEqualTo(200);
        assertThat(current.headers().firstValue("ETag")).hasValue("\"3\"");
        assertThat(JsonPath.<Integer>read(current.body(), "$.desired.target")).isEqualTo(12);
    }

    @Test
    void nullRemovesADesiredKey() {
        String[] device = app.device(key, template, "remove");
        patch(device[0], "{\"desired\":{\"target\":20,\"mode\":\"off\"}}");
        HttpResponse<String> r = patch(device[0], "{\"desired\":{\"mode\":null}}");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$.desired")).containsOnly(Map.entry("target", 20));
        assertThat(JsonPath.<Map<String, Object>>read(r.body(), "$.metadata.desired")).containsOnlyKeys("target");
        assertThat(JsonPath.<Integer>read(r.body(), "$.version")).isEqualTo(2);
        String value = app.call("GET", "/api/v1/devices/" + device[0] + "/values/mode", key, null).body();
        assertThat(value).doesNotContain("desired", "pending");
    }

    @Test
    void aDesiredChangeForAnOfflineDeviceWaitsForItsNextSubscription() throws Exception {
        String[] device = app.device(key, template, "sleeper");
        HttpResponse<String> r = patch(device[0], "{\"desired\":{\"V2\":25}}");
        assertThat(JsonPath.<Boolean>read(r.body(), "$.metadata.desired.target.pending")).isTrue();

        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/ds/#");
            assertThat(mqtt.next(Duration.ofSeconds(5))).isEqualTo(new TestDevice.Received("downlink/ds/target", "25", 1));
        }
        await().atMost(Duration.ofSeconds(10)).until(() ->
                !JsonPath.<Boolean>read(shadow(device[0]).body(), "$.metadata.desired.target.pending"));
    }

    @Test
    void answersNotModifiedWhileTheVersionIsTheSame() {
        String[] device = app.device(key, template, "cached");
        patch(device[0], "{\"desired\":{\"target\":9}}");
        HttpResponse<String> same = Http.get(app.url("/api/v1/devices/" + device[0] + "/shadow"),
                "Authorization", "Bearer " + key, "If-None-Match", "\"1\"");
        assertThat(same.statusCode()).isEqualTo(304);
        assertThat(same.headers().firstValue("ETag")).hasValue("\"1\"");
        HttpResponse<String> older = Http.get(app.url("/api/v1/devices/" + device[0] + "/shadow"),
                "Authorization", "Bearer " + key, "If-None-Match", "\"0\"");
        assertThat(older.statusCode()).isEqualTo(200);
    }

    @Test
    void rejectsBadPatchesNamingTheParameterAndRule() {
        String[] device = app.device(key, template, "strict");
        assertProblem(patch(device[0], "{\"reported\":{\"temp\":1}}"), "reported", "written by the device");
        assertProblem(patch(device[0], "{\"desired\":{\"nope\":1}}"), "desired.nope", "names no datastream");
        assertProblem(patch(device[0], "{\"desired\":{\"target\":31}}"), "desired.target", "between 5 and 30");
        assertProblem(patch(device[0], "{\"desired\":{\"mode\":7}}"), "desired.mode", "must be a string");
        assertProblem(patch(device[0], "{\"desired\":{}}"), "desired", "at least one datastream");
        assertProblem(patch(device[0], "[1]"), "desired", "JSON object");
        assertProblem(patch(device[0], "{\"desired\":{\"target\":10},\"version\":3}"), "version", "not a field");
        assertProblem(patch(device[0], "{\"desired\":{\"target\":10}}", "If-Match", "yesterday"), "If-Match",
                "entity tag");
        assertThat(JsonPath.<Integer>read(shadow(device[0]).body(), "$.version")).isZero();
        assertThat(patch("00000000-0000-0000-0000-000000000000", "{\"desired\":{\"target\":10}}").statusCode())
                .isEqualTo(404);
    }

    private static HttpResponse<String> shadow(String device) {
        return app.call("GET", "/api/v1/devices/" + device + "/shadow", key, null);
    }

    private static HttpResponse<String> patch(String device, String body, String... headers) {
        String[] all = new String[headers.length + 4];
        all[0] = "Authorization";
        all[1] = "Bearer " + key;
        all[2] = "Content-Type";
        all[3] = "application/merge-patch+json";
        System.arraycopy(headers, 0, all, 4, headers.length);
        return Http.send("PATCH", app.url("/api/v1/devices/" + device + "/shadow"), body, all);
    }

    private static void assertProblem(HttpResponse<String> r, String param, String rule) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat(JsonPath.<String>read(r.body(), "$.param")).isEqualTo(param);
        assertThat(JsonPath.<String>read(r.body(), "$.detail")).contains(rule);
    }
}
