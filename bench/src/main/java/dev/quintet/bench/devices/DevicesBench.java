package dev.quintet.bench.devices;

import dev.quintet.bench.BenchOptions;
import dev.quintet.devices.DevicesApplication;
import dev.quintet.devices.broker.MqttBroker;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.DatastreamType;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.Templates;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code ./quintet bench devices}: the devices app in this JVM (embedded broker and database, fsync on), driven over
 * loopback by minimal MQTT clients. Prints persisted telemetry per second at QoS 0 and QoS 1, command round trips
 * with 1,000 connected devices, heap with 10,000 idle connected devices, and the machine's Mosquitto pub -> sub
 * throughput with the same clients as the physical reference.
 */
public final class DevicesBench {

    static final int TELEMETRY_DEVICES = 1_000;
    static final int COMMAND_DEVICES = 1_000;
    static final int IDLE_DEVICES = 10_000;
    /** System property naming the scenarios to run, comma-separated: mosquitto, qos0, qos1, commands, idle. */
    static final String ONLY = "quintet.bench.devices.only";

    private DevicesBench() {
    }

    public static void run(BenchOptions options) throws Exception {
        String clients = System.getProperty(Idle.CLIENTS);
        if (clients != null) {
            Idle.clients(Path.of(clients));
            return;
        }
        String commandClients = System.getProperty(Commands.CLIENTS);
        if (commandClients != null) {
            Commands.clients(Path.of(commandClients), options);
            return;
        }
        System.out.println("| scenario | figure | goal |");
        System.out.println("|---|---:|---|");
        Set<String> only = Set.of(System.getProperty(ONLY, "mosquitto,qos0,qos1,commands,idle").split(","));
        if (only.contains("mosquitto")) {
            MosquittoReference.run(options).forEach(System.out::println);
        }
        Path dataDir = Files.createTempDirectory("quintet-bench-devices");
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                "--quintet.quota.free.devices.per-minute=1000000000", "--quintet.quota.free.devices.per-day=1000000000",
                "--logging.level.root=warn")) {
            ConfigurableApplicationContext app = AppLauncher.startApp(platform, DevicesApplication.class, "devices", 0,
                    "--quintet.devices.mqtt-port=0", "--quintet.devices.mqtt-bind-address=127.0.0.1",
                    "--quintet.devices.mqtt-data-dir=" + dataDir.resolve("mqtt"),
                    "--quintet.devices.device-rate=1000000", "--quintet.devices.device-burst=1000000",
                    "--quintet.devices.heartbeat-timeout=1h", "--logging.level.quintet.access=warn");
            Fixture fixture = Fixture.create(platform, app);
            for (int qos : new int[] {0, 1}) {
                if (only.contains("qos" + qos)) {
                    Telemetry.Result r = Telemetry.run(fixture, qos, options);
                    System.out.printf("| telemetry QoS %d, %d devices, 1 value/msg | **%.0f persisted msg/s** (offered %.0f/s) | ≥ 20,000 |%n",
                            qos, TELEMETRY_DEVICES, r.persistedPerSecond(), r.offeredPerSecond());
                }
            }
            if (only.contains("commands")) {
                Commands.run(fixture, options).forEach(System.out::println);
            }
            if (only.contains("idle")) {
                Idle.Result idle = Idle.run(fixture, IDLE_DEVICES);
                System.out.printf("| %d idle connected devices | heap after GC **%.0f MB** (%.0f MB before connecting, %.1f KB/device) | < 1 GB |%n",
                        idle.connected(), idle.afterMb(), idle.beforeMb(), (idle.afterMb() - idle.beforeMb()) * 1024 / Math.max(1, idle.connected()));
            }
            System.out.println("cores: " + Runtime.getRuntime().availableProcessors() + ", max heap: "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB, load average at the end: "
                    + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    /** The app, its port, a key and a template with one double datastream, and a way to make devices. */
    record Fixture(ConfigurableApplicationContext app, int mqttPort, int httpPort, String key, Account account,
                   Template template) {

        static Fixture create(ConfigurableApplicationContext platform, ConfigurableApplicationContext app) {
            Account account = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com",
                    "bench-password-1");
            String key = platform.getBean(ApiKeys.class).create(account.id(), "bench", List.of("devices")).secret();
            Template template = app.getBean(Templates.class).create(account.id(), "bench", null, List.of(
                    new Datastream(1, "temp", DatastreamType.DOUBLE, null, null, null, List.of(), null)));
            return new Fixture(app, app.getBean(MqttBroker.class).port(), AppLauncher.port(app), key, account, template);
        }

        /** New devices: {@code [id, token]} each. */
        List<String[]> devices(int n) {
            Devices devices = app.getBean(Devices.class);
            List<String[]> made = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Devices.Created c = devices.create(account.id(), template.id(), "bench-" + i,
                        JsonNodeFactory.instance.objectNode());
                made.add(new String[] {c.device().id().toString(), c.token()});
            }
            return made;
        }

        long historyRows() {
            return app.getBean(JdbcClient.class).sql("select count(*) from devices.value_history").query(Long.class).single();
        }
    }
}
