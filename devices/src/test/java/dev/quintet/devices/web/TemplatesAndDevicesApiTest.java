package dev.quintet.devices.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestApp;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Templates, datastreams and devices through the app API, scoped to the key's account. */
class TemplatesAndDevicesApiTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    static final String STREAMS = """
            [{"pin":"V1","name":"temp","type":"double","unit":"°C","min":-20,"max":60,"default_value":20},
             {"pin":2,"name":"mode","type":"enum","options":["off","eco","boost"]},
             {"pin":"V3","name":"where","type":"location"}]""";
    static DevicesTestApp app;
    static String key;

    @BeforeAll
    static void start() {
        app = DevicesTestApp.start(clock);
        key = app.newKey();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void createsATemplateWithItsDatastreams() {
        HttpResponse<String> r = app.call("POST", "/api/v1/templates", key, "{\"name\":\"Heater\",\"datastreams\":" + STREAMS + "}");

        assertThat(r.statusCode()).isEqualTo(201);
        assertThat(JsonPath.<List<String>>read(r.body(), "$.datastreams[*].pin")).containsExactly("V1", "V2", "V3");
        assertThat(JsonPath.<String>read(r.body(), "$.datastreams[0].unit")).isEqualTo("°C");
        assertThat(JsonPath.<Double>read(r.body(), "$.datastreams[0].default_value")).isEqualTo(20.0);
        assertThat(JsonPath.<List<String>>read(r.body(), "$.datastreams[1].options")).containsExactly("off", "eco", "boost");
        String id = JsonPath.read(r.body(), "$.id");
        assertThat(app.call("GET", "/api/v1/templates/" + id, key, null).body()).isEqualTo(r.body());
    }

    @Test
    void rejectsBadDatastreamsNamingTheFieldAndRule() {
        assertProblem(template("[{\"pin\":\"V256\",\"name\":\"x\",\"type\":\"integer\"}]"), "datastreams[0].pin", "V0..V255");
        assertProblem(template("[{\"pin\":\"V1\",\"name\":\"a/b\",\"type\":\"integer\"}]"), "datastreams[0].name", "letters");
        assertProblem(template("[{\"pin\":\"V1\",\"name\":\"x\",\"type\":\"float\"}]"), "datastreams[0].type", "integer, double");
        assertProblem(template("[{\"pin\":\"V1\",\"name\":\"x\",\"type\":\"integer\",\"min\":5,\"max\":1}]"),
                "datastreams[0].min", "must not exceed max");
        assertProblem(template("[{\"pin\":\"V1\",\"name\":\"x\",\"type\":\"integer\",\"max\":10,\"default_value\":11}]"),
                "datastreams[0].default_value", "between");
        assertProblem(template("[{\"pin\":\"V1\",\"name\":\"x\",\"type\":\"enum\"}]"), "datastreams[0].options", "1..64");
        assertProblem(template("[{\"pin\":\"V1\",\"name\":\"x\",\"type\":\"integer\"},{\"pin\":\"V1\",\"name\":\"y\",\"type\":\"integer\"}]"),
                "datastreams[1].pin", "unique");
        assertProblem(app.call("POST", "/api/v1/templates", key, "{}"), "name", "required");
    }

    @Test
    void replacesAndDeletesOneDatastream() {
        String id = app.template(key, STREAMS);
        HttpResponse<String> put = app.call("PUT", "/api/v1/templates/" + id + "/datastreams/V7", key,
                "{\"name\":\"level\",\"type\":\"integer\",\"min\":0,\"max\":10}");
        assertThat(put.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<List<String>>read(put.body(), "$.datastreams[*].name")).containsExactly("temp", "mode", "where", "level");

        assertThat(app.call("DELETE", "/api/v1/templates/" + id + "/datastreams/V7", key, null).statusCode()).isEqualTo(204);
        assertThat(app.call("DELETE", "/api/v1/templates/" + id + "/datastreams/V7", key, null).statusCode()).isEqualTo(404);
    }

    @Test
    void showsTheTokenOnlyOnCreationAndRotation() {
        String template = app.template(key, STREAMS);
        HttpResponse<String> created = app.call("POST", "/api/v1/devices", key,
                "{\"name\":\"Kitchen\",\"template_id\":\"" + template + "\",\"metadata\":{\"room\":\"kitchen\"}}");
        assertThat(created.statusCode()).isEqualTo(201);
        String token = JsonPath.read(created.body(), "$.token");
        String id = JsonPath.read(created.body(), "$.id");
        assertThat(token).hasSize(32).matches("[A-Za-z0-9_-]{32}");
        assertThat(JsonPath.<String>read(created.body(), "$.status")).isEqualTo("offline");
        assertThat(JsonPath.<String>read(created.body(), "$.token_hint")).isEqualTo("…" + token.substring(28));

        String read = app.call("GET", "/api/v1/devices/" + id, key, null).body();
        assertThat(read).doesNotContain(token).doesNotContain("\"token\"");
        assertThat(JsonPath.<String>read(read, "$.metadata.room")).isEqualTo("kitchen");

        String rotated = JsonPath.read(app.call("POST", "/api/v1/devices/" + id + "/token", key, null).body(), "$.token");
        assertThat(rotated).hasSize(32).isNotEqualTo(token);
    }

    @Test
    void listsDevicesWithFiltersAndCursorPagination() {
        String other = app.newKey();
        String template = app.template(other, STREAMS);
        String second = app.template(other, STREAMS);
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            made.add(app.device(other, template, "sensor-" + i)[0]);
        }
        app.device(other, second, "pump");

        List<String> seen = new ArrayList<>();
        String cursor = "";
        do {
            HttpResponse<String> page = app.call("GET", "/api/v1/devices?template_id=" + template + "&limit=2&cursor=" + cursor, other, null);
            assertThat(page.statusCode()).isEqualTo(200);
            List<String> ids = JsonPath.read(page.body(), "$.data[*].id");
            assertThat(ids.size()).isLessThanOrEqualTo(2);
            seen.addAll(ids);
            cursor = page.body().contains("next_cursor") ? JsonPath.read(page.body(), "$.next_cursor") : null;
        } while (cursor != null);
        assertThat(seen).containsExactlyInAnyOrderElementsOf(made).doesNotHaveDuplicates();

        assertThat(JsonPath.<List<String>>read(app.call("GET", "/api/v1/devices?name=PUM", other, null).body(), "$.data[*].name"))
                .containsExactly("pump");
        assertThat(JsonPath.<List<String>>read(app.call("GET", "/api/v1/devices?status=online", other, null).body(), "$.data")).isEmpty();
        assertThat(JsonPath.<List<String>>read(app.call("GET", "/api/v1/devices?status=offline", other, null).body(), "$.data")).hasSize(6);
        assertProblem(app.call("GET", "/api/v1/devices?status=asleep", other, null), "status", "online or offline");
        assertProblem(app.call("GET", "/api/v1/devices?limit=0", other, null), "limit", "1..500");
        assertProblem(app.call("GET", "/api/v1/devices?cursor=not-a-cursor", other, null), "cursor", "next_cursor");
    }

    @Test
    void anotherAccountsDeviceOrTemplateIsNotFound() {
        String template = app.template(key, STREAMS);
        String device = app.device(key, template, "private")[0];
        String stranger = app.newKey();

        assertThat(app.call("GET", "/api/v1/devices/" + device, stranger, null).statusCode()).isEqualTo(404);
        assertThat(app.call("PUT", "/api/v1/devices/" + device + "/values/V1", stranger, "{\"value\":1}").statusCode()).isEqualTo(404);
        assertThat(app.call("POST", "/api/v1/devices/" + device + "/commands", stranger, "{\"method\":\"reboot\"}").statusCode())
                .isEqualTo(404);
        assertThat(app.call("DELETE", "/api/v1/devices/" + device, stranger, null).statusCode()).isEqualTo(404);
        assertThat(app.call("GET", "/api/v1/templates/" + template, stranger, null).statusCode()).isEqualTo(404);
        assertProblem(app.call("POST", "/api/v1/devices", stranger, "{\"name\":\"x\",\"template_id\":\"" + template + "\"}"),
                "template_id", "template of your account");
        assertThat(app.call("GET", "/api/v1/devices/" + device, key, null).statusCode()).isEqualTo(200);
    }

    @Test
    void refusesMissingKeysWith401AndKeysForOtherServicesWith403() {
        HttpResponse<String> none = Http.get(app.url("/api/v1/devices"));
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"devices\"");

        String routerKey = app.platform.newKey("router").secret();
        HttpResponse<String> wrong = Http.get(app.url("/api/v1/devices"), "Authorization", "Bearer " + routerKey);
        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(wrong.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
    }

    @Test
    void refusesToDeleteATemplateDevicesStillUse() {
        String template = app.template(key, STREAMS);
        String device = app.device(key, template, "user")[0];
        assertThat(app.call("DELETE", "/api/v1/templates/" + template, key, null).statusCode()).isEqualTo(409);
        assertThat(app.call("DELETE", "/api/v1/devices/" + device, key, null).statusCode()).isEqualTo(204);
        assertThat(app.call("DELETE", "/api/v1/templates/" + template, key, null).statusCode()).isEqualTo(204);
        assertThat(app.call("GET", "/api/v1/templates/" + template, key, null).statusCode()).isEqualTo(404);
    }

    private static HttpResponse<String> template(String streams) {
        return app.call("POST", "/api/v1/templates", key, "{\"name\":\"Bad\",\"datastreams\":" + streams + "}");
    }

    static void assertProblem(HttpResponse<String> r, String param, String rule) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat(JsonPath.<String>read(r.body(), "$.param")).isEqualTo(param);
        assertThat(JsonPath.<String>read(r.body(), "$.detail")).contains(rule);
    }
}
