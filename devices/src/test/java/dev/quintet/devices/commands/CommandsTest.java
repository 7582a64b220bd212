package dev.quintet.devices.commands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import dev.quintet.devices.testing.TestDevice;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Commands: delivery over MQTT, answers, timeouts and expiry by the moved clock, and survival across a restart. */
class CommandsTest extends DevicesTestCase {


    @BeforeAll
    static void start() {
        startWith("[{\"pin\":\"V1\",\"name\":\"temp\",\"type\":\"double\"}]");
    }

    @Test
    void aTwoWayCommandSucceedsWithTheDevicesAnswer() throws Exception {
        String[] device = app.device(key, template, "answers");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/#");
            String id = create(device[0], "{\"method\":\"setTarget\",\"params\":{\"celsius\":21},\"timeout_seconds\":30}");

            TestDevice.Received got = mqtt.next(Duration.ofSeconds(2));
            assertThat(got.topic()).isEqualTo("downlink/cmd/" + id);
            assertThat(got.qos()).isEqualTo(1);
            assertThat(JsonPath.<String>read(got.payload(), "$.method")).isEqualTo("setTarget");
            assertThat(JsonPath.<Integer>read(got.payload(), "$.params.celsius")).isEqualTo(21);
            assertThat(JsonPath.<Boolean>read(got.payload(), "$.two_way")).isTrue();
            await().atMost(Duration.ofSeconds(3)).until(() -> status(device[0], id).equals("DELIVERED"));

            assertThat(mqtt.publish("cmd/" + id + "/result", "{\"result\":{\"applied\":true}}")).isZero();
        }
        String command = get(device[0], id(device[0]));
        assertThat(JsonPath.<String>read(command, "$.status")).isEqualTo("SUCCEEDED");
        assertThat(JsonPath.<Boolean>read(command, "$.result.applied")).isTrue();
        assertThat(JsonPath.<String>read(command, "$.completed_at")).isEqualTo(clock.instant().toString());
    }

    @Test
    void aTwoWayCommandFailsWhenTheDeviceAnswersWithAnError() throws Exception {
        String[] device = app.device(key, template, "fails");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/cmd/+");
            String id = create(device[0], "{\"method\":\"open\"}");
            assertThat(mqtt.next(Duration.ofSeconds(2)).topic()).isEqualTo("downlink/cmd/" + id);
            assertThat(mqtt.publish("cmd/" + id + "/result", "{\"error\":\"valve stuck\"}")).isZero();
            assertThat(JsonPath.<String>read(get(device[0], id), "$.status")).isEqualTo("FAILED");
            assertThat(JsonPath.<String>read(get(device[0], id), "$.error")).isEqualTo("valve stuck");
        }
    }

    @Test
    void aOneWayCommandIsDoneOnceTheDeviceAcknowledgesIt() throws Exception {
        String[] device = app.device(key, template, "one-way");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/#");
            String id = create(device[0], "{\"method\":\"blink\",\"two_way\":false}");
            assertThat(mqtt.next(Duration.ofSeconds(2)).topic()).isEqualTo("downlink/cmd/" + id);
            await().atMost(Duration.ofSeconds(3)).until(() -> status(device[0], id).equals("DELIVERED"));
            clock.advance(Duration.ofMinutes(10));
            Thread.sleep(200);
            assertThat(status(device[0], id)).isEqualTo("DELIVERED");
        }
    }

    @Test
    void anAcknowledgementHeldForTheAnswerIsStoredBeforeTheEndedSessionsCommandsGoBackToTheQueue() throws Exception {
        String[] device = app.device(key, template, "leaves");
        UUID deviceId = UUID.fromString(device[0]);
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.holdAcknowledgements();
            mqtt.subscribe("downlink/#");
            String id = create(device[0], "{\"method\":\"ping\"}");
            assertThat(mqtt.next(Duration.ofSeconds(2)).topic()).isEqualTo("downlink/cmd/" + id);

            // the device's acknowledgement reaches the service, and its session ends before the answer could come
            CommandDispatch dispatch = app.bean(CommandDispatch.class);
            assertThat(dispatch.acknowledged(deviceId, "downlink/cmd/" + id)).isTrue();
            dispatch.sessionEnded(deviceId);
            assertThat(status(device[0], id)).isEqualTo("DELIVERED");
        }
    }

    @Test
    void aSentCommandWithoutAnAnswerTimesOutWhenTheClockPassesItsTimeout() throws Exception {
        String[] device = app.device(key, template, "silent");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/#");
            String id = create(device[0], "{\"method\":\"calibrate\",\"timeout_seconds\":20}");
            assertThat(mqtt.next(Duration.ofSeconds(2))).isNotNull();
            await().atMost(Duration.ofSeconds(3)).until(() -> status(device[0], id).equals("DELIVERED"));

            clock.advance(Duration.ofSeconds(19));
            Thread.sleep(200);
            assertThat(status(device[0], id)).isEqualTo("DELIVERED");
            clock.advance(Duration.ofSeconds(2));
            await().atMost(Duration.ofSeconds(3)).until(() -> status(device[0], id).equals("TIMED_OUT"));

            assertThat(mqtt.publish("cmd/" + id + "/result", "{\"result\":1}")).isZero();
            assertThat(status(device[0], id)).isEqualTo("TIMED_OUT");
        }
    }

    @Test
    void aCommandForAnOfflineDeviceWaitsThenExpires() throws Exception {
        String[] device = app.device(key, template, "sleepy");
        String id = create(device[0], "{\"method\":\"report\",\"expires_in_seconds\":600}");
        assertThat(status(device[0], id)).isEqualTo("QUEUED");

        clock.advance(Duration.ofSeconds(599));
        Thread.sleep(200);
        assertThat(status(device[0], id)).isEqualTo("QUEUED");
        clock.advance(Duration.ofSeconds(2));
        await().atMost(Duration.ofSeconds(3)).until(() -> status(device[0], id).equals("EXPIRED"));

        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/#");
            assertThat(mqtt.next(Duration.ofMillis(500))).isNull();
        }
    }

    @Test
    void aQueuedCommandSurvivesARestartAndIsSentOnReconnect() throws Exception {
        String[] device = app.device(key, template, "restart");
        String id = create(device[0], "{\"method\":\"update\",\"params\":[1,2]}");
        app.restart();

        assertThat(status(device[0], id)).isEqualTo("QUEUED");
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            mqtt.subscribe("downlink/#");
            TestDevice.Received got = mqtt.next(Duration.ofSeconds(3));
            assertThat(got.topic()).isEqualTo("downlink/cmd/" + id);
            assertThat(JsonPath.<List<Integer>>read(got.payload(), "$.params")).containsExactly(1, 2);
            assertThat(mqtt.publish("cmd/" + id + "/result", "\"ok\"")).isZero();
        }
        assertThat(JsonPath.<String>read(get(device[0], id), "$.result")).isEqualTo("ok");
    }

    @Test
    void aCommandForAConnectedDeviceNotSubscribedToItsDownlinkStaysQueued() throws Exception {
        String[] device = app.device(key, template, "drops");
        String id;
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            id = create(device[0], "{\"method\":\"ping\"}");
        }
        assertThat(status(device[0], id)).isEqualTo("QUEUED");
    }

    @Test
    void anotherAccountCannotCommandAConnectedDeviceNorSendItsWaitingCommands() throws Exception {
        String[] device = app.device(key, template, "guarded");
        String stranger = app.newKey();
        try (TestDevice mqtt = TestDevice.connect(app.mqttPort(), device[1])) {
            String waiting = create(device[0], "{\"method\":\"ping\"}");
            HttpResponse<String> refused = app.call("POST", "/api/v1/devices/" + device[0] + "/commands", stranger,
                    "{\"method\":\"reboot\"}");
            assertThat(refused.statusCode()).isEqualTo(404);
            assertThat(JsonPath.<String>read(refused.body(), "$.detail")).isEqualTo("no device " + device[0]);
            assertThat(status(device[0], waiting)).isEqualTo("QUEUED");

            mqtt.subscribe("downlink/#");
            assertThat(mqtt.next(Duration.ofSeconds(2)).topic()).isEqualTo("downlink/cmd/" + waiting);
            assertThat(mqtt.next(Duration.ofMillis(300))).isNull();
        }
        assertThat(JsonPath.<List<String>>read(app.call("GET", "/api/v1/devices/" + device[0] + "/commands", key, null)
                .body(), "$.data[*].id")).hasSize(1);
    }

    @Test
    void cancelsAWaitingCommandButNotAFinishedOne() {
        String[] device = app.device(key, template, "cancel");
        String id = create(device[0], "{\"method\":\"reset\"}");
        HttpResponse<String> canceled = app.call("POST", "/api/v1/devices/" + device[0] + "/commands/" + id + "/cancel", key, null);
        assertThat(canceled.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<String>read(canceled.body(), "$.status")).isEqualTo("CANCELED");
        assertThat(app.call("POST", "/api/v1/devices/" + device[0] + "/commands/" + id + "/cancel", key, null).statusCode())
                .isEqualTo(409);

        String list = app.call("GET", "/api/v1/devices/" + device[0] + "/commands?status=canceled", key, null).body();
        assertThat(JsonPath.<List<String>>read(list, "$.data[*].id")).containsExactly(id);
        HttpResponse<String> bad = app.call("POST", "/api/v1/devices/" + device[0] + "/commands", key, "{\"method\":\"a b\"}");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(JsonPath.<String>read(bad.body(), "$.param")).isEqualTo("method");
        HttpResponse<String> timeout = app.call("POST", "/api/v1/devices/" + device[0] + "/commands", key,
                "{\"method\":\"x\",\"timeout_seconds\":0}");
        assertThat(JsonPath.<String>read(timeout.body(), "$.detail")).isEqualTo("timeout_seconds must be 1..3600, got 0");
    }

    private static String create(String device, String body) {
        HttpResponse<String> r = app.call("POST", "/api/v1/devices/" + device + "/commands", key, body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return JsonPath.read(r.body(), "$.id");
    }

    private static String id(String device) {
        return JsonPath.<List<String>>read(app.call("GET", "/api/v1/devices/" + device + "/commands", key, null).body(),
                "$.data[*].id").getFirst();
    }

    private static String get(String device, String id) {
        return app.call("GET", "/api/v1/devices/" + device + "/commands/" + id, key, null).body();
    }

    private static String status(String device, String id) {
        return JsonPath.read(get(device, id), "$.status");
    }
}
