package dev.quintet.devices.testing;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.DevicesApplication;
import dev.quintet.devices.broker.MqttBroker;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestDatabase;
import dev.quintet.platform.testing.TestPlatform;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;

/** The devices app on a test platform, with its broker on a free port; restartable on the same database. */
public final class DevicesTestApp implements AutoCloseable {

    public final TestPlatform platform;
    public final MutableClock clock;
    private final Path mqttDir;
    private final Map<String, String> settings;
    private ConfigurableApplicationContext app;
    private String baseUrl;

    private DevicesTestApp(TestPlatform platform, MutableClock clock, Path mqttDir, Map<String, String> settings) {
        this.platform = platform;
        this.clock = clock;
        this.mqttDir = mqttDir;
        this.settings = settings;
    }

    /**
     * Starts the app; {@code settings} ({@code "heartbeat-timeout=30s"}) override {@code quintet.devices.*} defaults
     * of the tests, which keep the heartbeat timeout long so that moving the clock leaves connected devices online.
     */
    public static DevicesTestApp start(MutableClock clock, String... settings) {
        return startNode(clock, TestDatabase.embeddedUrl(), null, settings);
    }

    /**
     * Starts two nodes sharing one database (the external test database when one is set) and, when {@code redisUrl}
     * is given, one Redis.
     */
    public static DevicesTestApp[] startTwoNodes(MutableClock clock, String redisUrl, String... settings) {
        String database = TestDatabase.externalUrl() != null ? TestDatabase.externalUrl() : TestDatabase.embeddedUrl();
        return new DevicesTestApp[] {startNode(clock, database, redisUrl, settings),
                startNode(clock, database, redisUrl, settings)};
    }

    /** Closes the nodes that were started, in the order given. */
    public static void closeAll(DevicesTestApp... nodes) {
        for (DevicesTestApp node : nodes) {
            if (node != null) {
                node.close();
            }
        }
    }

    /**
     * Starts one node of several: its own platform (connection pool, quotas, in Redis when {@code redisUrl} is set),
     * app, live feed and embedded broker, on the database at {@code databaseUrl}, which other nodes may share.
     */
    public static DevicesTestApp startNode(MutableClock clock, String databaseUrl, String redisUrl, String... settings) {
        Map<String, String> merged = new LinkedHashMap<>();
        merged.put("command-sweep-interval", "50ms");
        merged.put("heartbeat-timeout", "30d");
        for (String setting : settings) {
            int eq = setting.indexOf('=');
            merged.put(setting.substring(0, eq), setting.substring(eq + 1));
        }
        try {
            TestPlatform platform = TestPlatform.startOn(databaseUrl, clock, "--quintet.key-cache-ttl=0s",
                    "--quintet.quota.free.devices.per-minute=1000000", "--quintet.quota.free.devices.per-day=100000000",
                    "--quintet.redis-url=" + (redisUrl == null ? "" : redisUrl));
            DevicesTestApp fixture = new DevicesTestApp(platform, clock, Files.createTempDirectory("quintet-mqtt"), merged);
            fixture.startApp();
            return fixture;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void startApp() {
        List<String> args = new ArrayList<>(List.of("--quintet.devices.mqtt-port=0",
                "--quintet.devices.mqtt-bind-address=127.0.0.1", "--quintet.devices.mqtt-data-dir=" + mqttDir));
        settings.forEach((name, value) -> args.add("--quintet.devices." + name + "=" + value));
        app = AppLauncher.startApp(platform.context(), DevicesApplication.class, "devices", 0, args.toArray(String[]::new));
        baseUrl = "http://127.0.0.1:" + AppLauncher.port(app);
    }

    /** Stops the app and starts it again on the same database, as a process restart would. */
    public void restart() {
        app.close();
        startApp();
    }

    public int mqttPort() {
        return app.getBean(MqttBroker.class).port();
    }

    public <T> T bean(Class<T> type) {
        return app.getBean(type);
    }

    public String url(String path) {
        return baseUrl + path;
    }

    public String newKey() {
        return platform.newKey("devices").secret();
    }

    public HttpResponse<String> call(String method, String path, String key, String json) {
        return Http.send(method, url(path), json, "Authorization", "Bearer " + key, "Content-Type", "application/json");
    }

    /** A template with the given datastreams JSON array; returns its id. */
    public String template(String key, String datastreams) {
        HttpResponse<String> r = call("POST", "/api/v1/templates", key,
                "{\"name\":\"Thermostat\",\"datastreams\":" + datastreams + "}");
        return created(r, "$.id");
    }

    /** A device of {@code template}; returns {@code [id, token]}. */
    public String[] device(String key, String template, String name) {
        HttpResponse<String> r = call("POST", "/api/v1/devices", key,
                "{\"name\":\"" + name + "\",\"template_id\":\"" + template + "\"}");
        return new String[] {created(r, "$.id"), JsonPath.read(r.body(), "$.token")};
    }

    private static String created(HttpResponse<String> r, String path) {
        if (r.statusCode() != 201) {
            throw new AssertionError("expected 201, got " + r.statusCode() + ": " + r.body());
        }
        return JsonPath.read(r.body(), path);
    }

    @Override
    public void close() {
        platform.close();
    }
}
