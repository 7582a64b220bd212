package dev.quintet.devices.simulator;

import dev.quintet.devices.broker.DeviceTopics;
import dev.quintet.devices.external.BrokerUrl;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;

/**
 * One simulated device (Eclipse Paho, MQTT 5): reports its datastreams as {@code batch_ds}, answers commands on
 * {@code cmd/{id}/result}, and reports back each value an app writes. On an external broker its topics are under
 * {@code root/id/}, its user name is its id, and it keeps its retained {@code status} with a last will.
 */
public final class SimulatedDevice implements MqttCallback, AutoCloseable {

    /** What all simulated devices did. */
    public record Counts(AtomicLong reports, AtomicLong failed, AtomicLong commands, AtomicLong writes) {
        public Counts() {
            this(new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong());
        }
    }

    private static final Pattern COMMAND_ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"");

    private final MqttAsyncClient client;
    private final String prefix;
    private final List<SimulatedStream> streams;
    private final int qos;
    private final RandomGenerator random;
    private final Counts counts;
    private final Map<String, String> last = new HashMap<>();

    private SimulatedDevice(MqttAsyncClient client, String prefix, List<SimulatedStream> streams, int qos,
                            RandomGenerator random, Counts counts) {
        this.client = client;
        this.prefix = prefix;
        this.streams = streams;
        this.qos = qos;
        this.random = random;
        this.counts = counts;
    }

    /** Connects, subscribes under {@code downlink/} and, on an external broker, announces itself online. */
    public static SimulatedDevice connect(BrokerUrl url, SimulatorOptions.Identity identity, String topicRoot,
                                          List<SimulatedStream> streams, int qos, RandomGenerator random, Counts counts)
            throws MqttException {
        String prefix = topicRoot == null ? "" : topicRoot + "/" + identity.deviceId() + "/";
        MqttAsyncClient client = new MqttAsyncClient(url.pahoUri(),
                identity.deviceId() != null ? identity.deviceId() : "sim-" + UUID.randomUUID(), new MemoryPersistence());
        SimulatedDevice device = new SimulatedDevice(client, prefix, streams, qos, random, counts);
        client.setCallback(device);
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setUserName(identity.deviceId() != null ? identity.deviceId() : "device");
        options.setPassword(identity.token().getBytes(StandardCharsets.UTF_8));
        options.setCleanStart(true);
        options.setKeepAliveInterval(45);
        options.setConnectionTimeout(30);
        options.setAutomaticReconnect(false);
        if (topicRoot != null) {
            MqttMessage will = new MqttMessage("offline".getBytes(StandardCharsets.UTF_8), 1, true, null);
            options.setWill(prefix + DeviceTopics.STATUS, will);
        }
        try {
            client.connect(options).waitForCompletion(30_000);
            client.subscribe(prefix + DeviceTopics.DOWNLINK + "#", 1).waitForCompletion(30_000);
            if (topicRoot != null) {
                client.publish(prefix + DeviceTopics.STATUS, "online".getBytes(StandardCharsets.UTF_8), 1, true)
                        .waitForCompletion(30_000);
            }
        } catch (MqttException e) {
            client.close(true);
            throw e;
        }
        return device;
    }

    /** Publishes one report of every datastream; counts it once the broker took it (at QoS 1) or it left (QoS 0). */
    public synchronized void report() {
        StringBuilder json = new StringBuilder("{");
        for (SimulatedStream s : streams) {
            String value = s.next(last.get(s.name()), random);
            last.put(s.name(), value);
            json.append(json.length() > 1 ? "," : "").append('"').append(s.name()).append("\":").append(value);
        }
        send(DeviceTopics.BATCH, json.append('}').toString(), counts.reports());
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        String relative = topic.startsWith(prefix) ? topic.substring(prefix.length()) : topic;
        String payload = new String(message.getPayload(), StandardCharsets.UTF_8);
        String commands = DeviceTopics.downlinkCommand("");
        String values = DeviceTopics.downlinkValue("");
        if (relative.startsWith(commands)) {
            Matcher id = COMMAND_ID.matcher(payload);
            String commandId = id.find() ? id.group(1) : relative.substring(commands.length());
            send(DeviceTopics.CMD + commandId + DeviceTopics.RESULT, "{\"result\":{\"ok\":true}}", counts.commands());
        } else if (relative.startsWith(values)) {
            send(DeviceTopics.DS + relative.substring(values.length()), payload, counts.writes());
        }
    }

    /** Announces itself offline (external broker) and disconnects. */
    @Override
    public void close() {
        try {
            if (client.isConnected()) {
                if (!prefix.isEmpty()) {
                    client.publish(prefix + DeviceTopics.STATUS, "offline".getBytes(StandardCharsets.UTF_8), 1, true)
                            .waitForCompletion(5_000);
                }
                client.disconnect().waitForCompletion(5_000);
            }
            client.close(true);
        } catch (MqttException e) {
            // going away anyway
        }
    }

    private void send(String topic, String payload, AtomicLong counter) {
        try {
            client.publish(prefix + topic, payload.getBytes(StandardCharsets.UTF_8), qos, false, null,
                    new MqttActionListener() {
                        @Override
                        public void onSuccess(IMqttToken token) {
                            counter.incrementAndGet();
                        }

                        @Override
                        public void onFailure(IMqttToken token, Throwable failure) {
                            counts.failed().incrementAndGet();
                        }
                    });
        } catch (MqttException e) {
            counts.failed().incrementAndGet();
        }
    }

    @Override
    public void disconnected(MqttDisconnectResponse response) {
    }

    @Override
    public void mqttErrorOccurred(MqttException exception) {
    }

    @Override
    public void deliveryComplete(IMqttToken token) {
    }

    @Override
    public void connectComplete(boolean reconnect, String serverUri) {
    }

    @Override
    public void authPacketArrived(int reasonCode, MqttProperties properties) {
    }
}
