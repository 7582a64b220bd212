package dev.quintet.devices.external;

import dev.quintet.devices.broker.DeviceLink;
import dev.quintet.devices.broker.DeviceSessions;
import dev.quintet.devices.broker.DeviceTopics;
import dev.quintet.devices.broker.DeviceTraffic;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * This node as a client (Eclipse Paho, MQTT 5) of an external broker: it takes its share of the devices' uplink
 * messages through shared subscriptions and acknowledges each (QoS 1) only once the service has stored it; it reads
 * every device's retained status to know who is connected, and publishes downlinks at QoS 1. Authenticating and
 * authorising devices is the broker's job (see {@code docs/devices.md}).
 */
public final class ExternalBroker implements SmartLifecycle, MqttCallback, DeviceLink {

    private static final Logger log = LoggerFactory.getLogger(ExternalBroker.class);

    private final ExternalSettings settings;
    private final DeviceSessions sessions;
    private final DeviceTraffic traffic;
    private volatile MqttAsyncClient client;
    private volatile ExecutorService executor;
    private final ConcurrentMap<UUID, CompletableFuture<Void>> tails = new ConcurrentHashMap<>();

    public ExternalBroker(ExternalSettings settings, DeviceSessions sessions, DeviceTraffic traffic) {
        this.settings = settings;
        this.sessions = sessions;
        this.traffic = traffic;
    }

    @Override
    public synchronized void start() {
        executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            client = new MqttAsyncClient(settings.url().pahoUri(), settings.clientId(), new MemoryPersistence());
            client.setCallback(this);
            client.setManualAcks(true);
            client.connect(options()).waitForCompletion(30_000);
            sessions.open(this);
            subscribe();
        } catch (MqttException e) {
            shutDown();
            throw new IllegalStateException("cannot connect to the MQTT broker at " + settings.url() + " ("
                    + ExternalSettings.URL_VARIABLE + "): " + e.getMessage(), e);
        }
        log.info("Connected to the MQTT broker at {} as {}; device topics under {}/", settings.url(),
                settings.clientId(), settings.topics().root());
    }

    @Override
    public synchronized void stop() {
        shutDown();
    }

    @Override
    public boolean isRunning() {
        return client != null;
    }

    @Override
    public CompletableFuture<Boolean> publish(String clientId, String topic, byte[] payload) {
        CompletableFuture<Boolean> sent = new CompletableFuture<>();
        MqttAsyncClient current = client;
        if (current == null) {
            sent.complete(false);
            return sent;
        }
        UUID device = UUID.fromString(clientId);
        try {
            current.publish(settings.topics().absolute(device, topic), payload, 1, false, null, new MqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    sent.complete(true);
                    run(() -> traffic.acknowledged(device, topic));
                }

                @Override
                public void onFailure(IMqttToken token, Throwable failure) {
                    sent.completeExceptionally(failure);
                }
            });
        } catch (MqttException e) {
            sent.completeExceptionally(e);
        }
        return sent;
    }

    /** Ending a session is the broker's business (with Mosquitto: disable or delete the client in its security plugin). */
    @Override
    public void disconnect(String clientId) {
        log.debug("Device {} keeps its session on the external broker until the broker ends it", clientId);
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        BrokerTopics.Addressed addressed = settings.topics().parse(topic).orElse(null);
        if (addressed == null || !DeviceTopics.mayPublish(addressed.topic())) {
            acknowledge(message);
            return;
        }
        UUID device = addressed.deviceId();
        byte[] payload = message.getPayload();
        inOrder(device, () -> {
            try {
                if (addressed.topic().equals(DeviceTopics.STATUS)) {
                    status(device, new String(payload, StandardCharsets.UTF_8).strip());
                } else if (traffic.admit(device)) {
                    traffic.uplink(device, addressed.topic(), payload).join();
                }
            } finally {
                acknowledge(message);
            }
        });
    }

    @Override
    public void connectComplete(boolean reconnect, String serverUri) {
        if (reconnect) {
            run(() -> {
                try {
                    subscribe();
                } catch (MqttException e) {
                    log.error("Could not subscribe again after reconnecting to {}", settings.url(), e);
                }
            });
        }
    }

    @Override
    public void disconnected(MqttDisconnectResponse response) {
        log.warn("Lost the MQTT broker at {}: {}", settings.url(), response.getReasonString());
    }

    @Override
    public void mqttErrorOccurred(MqttException exception) {
        log.warn("MQTT error from {}: {}", settings.url(), exception.toString());
    }

    @Override
    public void deliveryComplete(IMqttToken token) {
    }

    @Override
    public void authPacketArrived(int reasonCode, MqttProperties properties) {
    }

    private void status(UUID device, String status) {
        String connection = device.toString();
        if ("online".equals(status)) {
            sessions.attach(device, new DeviceSessions.Session(connection, connection, DeviceSessions.BROKER_WATCHED));
            traffic.sessionChanged(device);
        } else if (sessions.detach(device, connection)) {
            traffic.sessionChanged(device);
        }
    }

    private void subscribe() throws MqttException {
        List<String> filters = new ArrayList<>(settings.topics().sharedUplinks(settings.shareGroup()));
        filters.add(settings.topics().statuses());
        MqttSubscription[] subscriptions = filters.stream().map(f -> new MqttSubscription(f, 1))
                .toArray(MqttSubscription[]::new);
        client.subscribe(subscriptions).waitForCompletion(30_000);
    }

    private MqttConnectionOptions options() {
        MqttConnectionOptions options = new MqttConnectionOptions();
        if (settings.url().user() != null) {
            options.setUserName(settings.url().user());
        }
        if (settings.url().password() != null) {
            options.setPassword(settings.url().password().getBytes(StandardCharsets.UTF_8));
        }
        options.setCleanStart(!settings.persistentSession());
        options.setSessionExpiryInterval(settings.persistentSession() ? 86_400L : 0L);
        options.setAutomaticReconnect(true);
        options.setKeepAliveInterval(30);
        options.setConnectionTimeout(30);
        return options;
    }

    private void acknowledge(MqttMessage message) {
        MqttAsyncClient current = client;
        if (current == null || message.getQos() == 0) {
            return;
        }
        try {
            current.messageArrivedComplete(message.getId(), message.getQos());
        } catch (MqttException e) {
            log.debug("Could not acknowledge message {}: {}", message.getId(), e.toString());
        }
    }

    /**
     * Runs the device's messages one after another, in the order they arrived (each waits for its commit), as the
     * embedded broker does per client; different devices run in parallel.
     */
    private void inOrder(UUID device, Runnable task) {
        ExecutorService current = executor;
        if (current == null) {
            return;
        }
        CompletableFuture<Void> next = new CompletableFuture<>();
        CompletableFuture<Void> previous = tails.put(device, next);
        Runnable step = () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.error("Device traffic task failed", e);
            } finally {
                tails.remove(device, next);
                next.complete(null);
            }
        };
        try {
            if (previous == null) {
                current.execute(step);
            } else {
                previous.whenComplete((v, e) -> run(step));
            }
        } catch (RejectedExecutionException e) {
            tails.remove(device, next);
            next.complete(null);
        }
    }

    private void run(Runnable task) {
        ExecutorService current = executor;
        if (current == null) {
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
            log.debug("Stopping; dropped a device traffic task");
        }
    }

    /** Lets the messages in hand be stored and acknowledged, then leaves the broker. */
    private void shutDown() {
        sessions.close();
        ExecutorService tasks = executor;
        executor = null;
        if (tasks != null) {
            tasks.shutdown();
            try {
                tasks.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        MqttAsyncClient current = client;
        client = null;
        if (current != null) {
            try {
                if (current.isConnected()) {
                    current.disconnect().waitForCompletion(10_000);
                }
                current.close(true);
            } catch (MqttException e) {
                log.warn("The MQTT client did not close cleanly: {}", e.toString());
            }
        }
    }
}
