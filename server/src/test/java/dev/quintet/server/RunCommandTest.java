package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.platform.testing.Http;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run}: chosen apps on their ports, base URLs printed, a taken port named with the variable that moves it. */
class RunCommandTest {

    @TempDir
    Path dataDir;

    @Test
    void startsTheChosenAppsAndPrintsTheirBaseUrls() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Map<String, String> env = Map.of("QUINTET_PACKAGES_PORT", "0", "QUINTET_EVENTS_PORT", "0");
        try (RunCommand.Running running = RunCommand.start(List.of("--services=packages,events", "--data-dir=" + dataDir),
                env, new PrintStream(out, true, StandardCharsets.UTF_8))) {
            int packages = running.ports().get(App.PACKAGES);
            int events = running.ports().get(App.EVENTS);
            assertThat(running.ports()).doesNotContainKey(App.ROUTER);
            assertThat(out.toString(StandardCharsets.UTF_8))
                    .contains("packages  http://localhost:" + packages, "events    http://localhost:" + events);
            assertThat(Http.get("http://127.0.0.1:" + packages + "/health").statusCode()).isEqualTo(200);
            assertThat(Http.get("http://127.0.0.1:" + events + "/health").body()).contains("\"service\":\"events\"");
        }
    }

    @Test
    void refusesToStartWhenAPortIsTakenAndNamesTheVariable() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            Map<String, String> env = Map.of("QUINTET_ROUTER_PORT", Integer.toString(taken.getLocalPort()));
            assertThatThrownBy(() -> RunCommand.start(List.of("--services=router", "--data-dir=" + dataDir), env,
                    new PrintStream(new ByteArrayOutputStream())))
                    .isInstanceOf(StartupFailure.class)
                    .hasMessage("port " + taken.getLocalPort() + " (router) is already in use; set QUINTET_ROUTER_PORT to a free port");
        }
    }

    @Test
    void startsTheDeviceBrokerAndRefusesATakenMqttPort() throws Exception {
        Map<String, String> env = Map.of("QUINTET_DEVICES_PORT", "0", "QUINTET_MQTT_PORT", "0");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RunCommand.Running running = RunCommand.start(List.of("--services=devices", "--data-dir=" + dataDir), env,
                new PrintStream(out, true, StandardCharsets.UTF_8))) {
            assertThat(running.mqttPort()).isPositive();
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("mqtt://localhost:" + running.mqttPort());
        }
        try (ServerSocket taken = new ServerSocket(0)) {
            Map<String, String> takenEnv = Map.of("QUINTET_DEVICES_PORT", "0",
                    "QUINTET_MQTT_PORT", Integer.toString(taken.getLocalPort()));
            assertThatThrownBy(() -> RunCommand.start(List.of("--services=devices", "--data-dir=" + dataDir), takenEnv,
                    new PrintStream(new ByteArrayOutputStream())))
                    .isInstanceOf(StartupFailure.class)
                    .hasMessageContaining("MQTT port " + taken.getLocalPort() + " is already in use; set QUINTET_MQTT_PORT");
        }
    }

    @Test
    void refusesUnknownAppsAndBadPorts() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        assertThatThrownBy(() -> RunCommand.start(List.of("--services=router,mail"), Map.of(), sink))
                .isInstanceOf(Options.UsageException.class).hasMessageContaining("unknown app 'mail'");
        assertThatThrownBy(() -> RunCommand.start(List.of("--services=router"), Map.of("QUINTET_ROUTER_PORT", "eighty"), sink))
                .isInstanceOf(StartupFailure.class).hasMessageContaining("QUINTET_ROUTER_PORT must be a port number");
    }
}
