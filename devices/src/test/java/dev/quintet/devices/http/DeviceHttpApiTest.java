package dev.quintet.devices.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import dev.quintet.platform.testing.Http;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Blynk-shaped device HTTP API: token as a parameter, pins as bare parameters, Blynk's answers. */
class DeviceHttpApiTest extends DevicesTestCase {

    static final String STREAMS = """
            [{"pin":"V1","name":"temp","type":"double","min":0,"max":50},
             {"pin":"V2","name":"count","type":"integer","default_value":5},
             {"pin":"V3","name":"label","type":"string"}]""";

    @BeforeAll
    static void start() {
        startWith(STREAMS);
    }

    @Test
    void updatesAPinAndReadsItBackAsPlainText() {
        String[] device = app.device(key, template, "http");
        HttpResponse<String> update = get("/external/api/update?token=" + device[1] + "&V1=42.5");
        assertThat(update.statusCode()).isEqualTo(200);
        assertThat(update.body()).isEmpty();

        HttpResponse<String> read = get("/external/api/get?token=" + device[1] + "&V1");
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain");
        assertThat(read.body()).isEqualTo("42.5");
        assertThat(app.call("GET", "/api/v1/devices/" + device[0] + "/values/temp", key, null).body())
                .contains("\"reported\":42.5");
    }

    @Test
    void readsSeveralPinsAsJsonKeyedAsAsked() {
        String[] device = app.device(key, template, "several");
        assertThat(get("/external/api/batch/update?token=" + device[1] + "&v1=99&V3=hello").statusCode()).isEqualTo(200);

        HttpResponse<String> read = get("/external/api/get?token=" + device[1] + "&v1&V2&V3");
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(read.body()).isEqualTo("{\"v1\":50.0,\"V2\":5,\"V3\":\"hello\"}");
        String events = app.call("GET", "/api/v1/devices/" + device[0] + "/events", key, null).body();
        assertThat(JsonPath.<List<String>>read(events, "$.data[*].code")).containsExactly("clamped-value", "online");
    }

    @Test
    void answersInvalidTokenAsBlynkDoes() {
        HttpResponse<String> r = get("/external/api/get?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&V1");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(r.body()).isEqualTo("{\"error\":{\"message\":\"Invalid token.\"}}");
        assertThat(get("/external/api/isHardwareConnected?token=nope").body()).isEqualTo("{\"error\":{\"message\":\"Invalid token.\"}}");
        assertThat(get("/external/api/update?V1=1").body()).isEqualTo("{\"error\":{\"message\":\"No token provided.\"}}");
    }

    @Test
    void answersBadPinsAndValuesWithBlynksMessages() {
        String[] device = app.device(key, template, "bad");
        assertThat(get("/external/api/update?token=" + device[1] + "&X1=1").body())
                .isEqualTo("{\"error\":{\"message\":\"Wrong pin format.\"}}");
        assertThat(get("/external/api/update?token=" + device[1] + "&V9=1").body())
                .isEqualTo("{\"error\":{\"message\":\"No datastream setup for that pin.\"}}");
        HttpResponse<String> type = get("/external/api/update?token=" + device[1] + "&V2=abc");
        assertThat(type.statusCode()).isEqualTo(400);
        assertThat(type.body()).isEqualTo("{\"error\":{\"message\":\"Value doesn't match the Datastream data type.\"}}");
    }

    @Test
    void setsDisplayPropertiesThatAppsReadWithTheValues() {
        String[] device = app.device(key, template, "properties");
        String property = "/external/api/update/property?token=" + device[1];
        HttpResponse<String> set = get(property + "&pin=V1&label=Kitchen&color=%23d3435c");
        assertThat(set.statusCode()).isEqualTo(200);
        assertThat(set.body()).isEmpty();
        assertThat(get(property + "&pin=v3&labels=Off&labels=Eco&labels=Boost&isHidden=false&min=-2.5").statusCode())
                .isEqualTo(200);
        assertThat(get(property + "&pin=V1&label=Hall").statusCode()).isEqualTo(200);

        String values = app.call("GET", "/api/v1/devices/" + device[0] + "/values", key, null).body();
        assertThat(JsonPath.<String>read(values, "$.values[0].properties.label")).isEqualTo("Hall");
        assertThat(JsonPath.<String>read(values, "$.values[0].properties.color")).isEqualTo("#D3435C");
        assertThat(JsonPath.<Map<String, Object>>read(values, "$.values[1]")).doesNotContainKey("properties");
        assertThat(JsonPath.<List<String>>read(values, "$.values[2].properties.labels")).containsExactly("Off", "Eco", "Boost");
        assertThat(JsonPath.<Boolean>read(values, "$.values[2].properties.isHidden")).isFalse();
        assertThat(JsonPath.<Double>read(values, "$.values[2].properties.min")).isEqualTo(-2.5);
        String one = app.call("GET", "/api/v1/devices/" + device[0] + "/values/temp", key, null).body();
        assertThat(JsonPath.<Map<String, Object>>read(one, "$.properties")).containsOnly(
                Map.entry("label", "Hall"), Map.entry("color", "#D3435C"));
    }

    @Test
    void refusesPropertiesItDoesNotKnowOrCannotRead() {
        String[] device = app.device(key, template, "bad-properties");
        String property = "/external/api/update/property?token=" + device[1];
        assertThat(error(property + "&pin=V1&colour=red"))
                .isEqualTo("Unknown property 'colour'; known: label, color, onLabel, offLabel, labels, min, max, step,"
                        + " isDisabled, isHidden.");
        assertThat(error(property + "&pin=V1&color=red")).isEqualTo("color must be six hex digits, as #D3435C or D3435C.");
        assertThat(error(property + "&pin=V1&min=NaN")).isEqualTo("min must be a number, got 'NaN'.");
        assertThat(error(property + "&pin=V1&isHidden=yes")).isEqualTo("isHidden must be true or false, got 'yes'.");
        assertThat(error(property + "&pin=V1&label=a&label=b")).isEqualTo("Property 'label' takes one value.");
        assertThat(error(property + "&pin=V1")).startsWith("Give at least one property: label, color");
        assertThat(error(property + "&label=x")).isEqualTo("Wrong pin format.");
        assertThat(error(property + "&pin=V9&label=x")).isEqualTo("No datastream setup for that pin.");
        assertThat(error("/external/api/update/property?token=nope&pin=V1&label=x")).isEqualTo("Invalid token.");
        assertThat(app.call("GET", "/api/v1/devices/" + device[0] + "/values", key, null).body())
                .doesNotContain("properties");
    }

    private static String error(String path) {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        return JsonPath.read(r.body(), "$.error.message");
    }

    @Test
    void tellsWhetherTheHardwareIsConnected() throws Exception {
        String[] device = app.device(key, template, "connected");
        assertThat(get("/external/api/isHardwareConnected?token=" + device[1]).body()).isEqualTo("false");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            assertThat(get("/external/api/isHardwareConnected?token=" + device[1]).body()).isEqualTo("true");
        }
    }

    @Test
    void logsAnEventWithItsCodeAndDescription() {
        String[] device = app.device(key, template, "events");
        assertThat(get("/external/api/logEvent?token=" + device[1] + "&code=door_open&description=Front%20door").statusCode())
                .isEqualTo(200);
        String events = app.call("GET", "/api/v1/devices/" + device[0] + "/events", key, null).body();
        assertThat(JsonPath.<String>read(events, "$.data[0].kind")).isEqualTo("device");
        assertThat(JsonPath.<String>read(events, "$.data[0].code")).isEqualTo("door_open");
        assertThat(JsonPath.<String>read(events, "$.data[0].description")).isEqualTo("Front door");
        assertThat(get("/external/api/logEvent?token=" + device[1] + "&code=").statusCode()).isEqualTo(400);
    }

    @Test
    void needsNoApiKey() {
        String[] device = app.device(key, template, "keyless");
        HttpResponse<String> r = get("/external/api/get?token=" + device[1] + "&V2");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("5");
    }

    private static HttpResponse<String> get(String path) {
        return Http.get(app.url(path));
    }
}
