package dev.quintet.devices.broker;

import com.hivemq.embedded.EmbeddedExtension;
import com.hivemq.embedded.EmbeddedHiveMQ;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The embedded HiveMQ broker devices connect to, started with the app and stopped with it. Its own session
 * persistence is in memory: what must survive a restart (desired values, commands) lives in the database.
 */
public final class MqttBroker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MqttBroker.class);

    private final MqttSettings settings;
    private final Function<String, Optional<UUID>> deviceForToken;
    private final DeviceSessions sessions;
    private final DeviceTraffic traffic;
    private EmbeddedHiveMQ hive;
    private volatile ExecutorService executor;
    private volatile int port = -1;

    public MqttBroker(MqttSettings settings, Function<String, Optional<UUID>> deviceForToken, DeviceSessions sessions,
                      DeviceTraffic traffic) {
        this.settings = settings;
        this.deviceForToken = deviceForToken;
        this.sessions = sessions;
        this.traffic = traffic;
    }

    /** The port the broker listens on; -1 while it is not running. */
    public int port() {
        return port;
    }

    @Override
    public synchronized void start() {
        int chosen = settings.port() == 0 ? MqttSettings.freePort(settings.bindAddress()) : settings.port();
        if (!MqttSettings.isFree(settings.bindAddress(), chosen)) {
            throw new IllegalStateException(MqttSettings.portTakenMessage(chosen));
        }
        executor = Executors.newVirtualThreadPerTaskExecutor();
        hive = EmbeddedHiveMQ.builder()
                .withConfigurationFolder(prepare(chosen))
                .withDataFolder(folder("data"))
                .withExtensionsFolder(folder("extensions"))
                .withEmbeddedExtension(EmbeddedExtension.builder().withId("quintet-devices").withName("Quintet devices")
                        .withVersion("1").withAuthor("Quintet").withPriority(1000).withStartPriority(1000)
                        .withExtensionMain(new DeviceExtension(deviceForToken, sessions, traffic, this::runLogged)).build())
                .withoutLoggingBootstrap()
                .build();
        try {
            hive.start().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            shutDown();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("the MQTT broker did not start on port " + chosen + ": " + e.getMessage(), e);
        }
        port = chosen;
        log.info("MQTT broker listening on {}:{}", settings.bindAddress(), chosen);
    }

    @Override
    public synchronized void stop() {
        shutDown();
    }

    @Override
    public boolean isRunning() {
        return port >= 0;
    }

    private void runLogged(Runnable task) {
        ExecutorService current = executor;
        if (current == null || current.isShutdown()) {
            return;
        }
        try {
            current.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.error("Device traffic task failed", e);
                }
            });
        } catch (RejectedExecutionException e) {
            log.debug("Broker is stopping; dropped a device traffic task");
        }
    }

    private void shutDown() {
        port = -1;
        if (hive != null) {
            try {
                hive.stop().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                log.warn("MQTT broker did not stop cleanly: {}", e.toString());
            }
            try {
                hive.close();
            } catch (Exception e) {
                log.warn("MQTT broker did not close cleanly: {}", e.toString());
            }
            hive = null;
        }
        sessions.close();
        if (executor != null) {
            executor.shutdown();
            executor = null;
        }
    }

    private Path prepare(int chosen) {
        Path conf = folder("conf");
        String xml = """
                <?xml version="1.0"?>
                <hivemq>
                    <listeners>
                        <tcp-listener>
                            <port>%d</port>
                            <bind-address>%s</bind-address>
                        </tcp-listener>
                    </listeners>
                    <persistence>
                        <mode>in-memory</mode>
                    </persistence>
                    <anonymous-usage-statistics>
                        <enabled>false</enabled>
                    </anonymous-usage-statistics>
                </hivemq>
                """.formatted(chosen, settings.bindAddress());
        try {
            Files.writeString(conf.resolve("config.xml"), xml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return conf;
    }

    private Path folder(String name) {
        try {
            return Files.createDirectories(settings.folder().resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the MQTT broker folder " + settings.folder().resolve(name), e);
        }
    }
}
