package dev.quintet.devices.testing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;

/** A device speaking MQTT 5 through Eclipse Paho, collecting what it receives. */
public final class TestDevice implements AutoCloseable, MqttCallback {

    /** A message the device received. */
    public record Received(String topic, String payload, int qos) {
    }

    private final MqttAsyncClient client;
    private final String prefix;
    private final BlockingQueue<Received> inbox = new LinkedBlockingQueue<>();
    private final BlockingQueue<MqttMessage> held = new LinkedBlockingQueue<>();
    private volatile boolean holding;
    private boolean dropped;

    private TestDevice(MqttAsyncClient client, String prefix) {
        this.client = client;
        this.prefix = prefix;
    }

    /** Connects with {@code token} as the password and a keep-alive of 60 s; throws {@link MqttException} when refused. */
    public static TestDevice connect(int port, String token) throws MqttException {
        return connect(port, token, 60);
    }

    /** Connects with {@code token} as the password and the given keep-alive (0 for none). */
    public static TestDevice connect(int port, String token, int keepAliveSeconds) throws MqttException {
        MqttAsyncClient client = new MqttAsyncClient("tcp://127.0.0.1:" + port, "dev-" + UUID.randomUUID(),
                new MemoryPersistence());
        TestDevice device = new TestDevice(client, "");
        client.setCallback(device);
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setUserName("device");
        if (token != null) {
            options.setPassword(token.getBytes(StandardCharsets.UTF_8));
        }
        options.setCleanStart(true);
        options.setAutomaticReconnect(false);
        options.setConnectionTimeout(10);
        options.setKeepAliveInterval(keepAliveSeconds);
        try {
            client.connect(options).waitForCompletion(10_000);
        } catch (MqttException e) {
            client.close(true);
            throw e;
        }
        return device;
    }

    /**
     * Connects to an external broker as the device's topics there expect: user name = device id, topics under
     * {@code root/id/}, a retained {@code offline} status as last will; subscribes under {@code downlink/} and then
     * publishes its retained {@code online} status. Topics passed to and received from it stay device-relative.
     */
    public static TestDevice connectExternal(String url, String root, String deviceId, String token) throws MqttException {
        String prefix = root + "/" + deviceId + "/";
        MqttAsyncClient client = new MqttAsyncClient(url, deviceId, new MemoryPersistence());
        TestDevice device = new TestDevice(client, prefix);
        client.setCallback(device);
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setUserName(deviceId);
        options.setPassword(token.getBytes(StandardCharsets.UTF_8));
        options.setCleanStart(true);
        options.setAutomaticReconnect(false);
        options.setConnectionTimeout(10);
        options.setKeepAliveInterval(60);
        options.setWill(prefix + "status", new MqttMessage("offline".getBytes(StandardCharsets.UTF_8), 1, true, null));
        client.connect(options).waitForCompletion(10_000);
        device.subscribe("downlink/#");
        client.publish(prefix + "status", "online".getBytes(StandardCharsets.UTF_8), 1, true).waitForCompletion(10_000);
        return device;
    }

    /** Drops the connection without DISCONNECT, so the broker publishes the last will. */
    public void dropConnection() throws MqttException {
        client.disconnectForcibly(0, 1000, false);
        client.close(true);
        dropped = true;
    }

    /** Clears the retained status this device left on an external broker. */
    public void clearStatus() throws MqttException {
        client.publish(prefix + "status", new byte[0], 1, true).waitForCompletion(10_000);
    }

    /** Subscribes and returns the SUBACK reason code (0..2 granted, 0x87 not authorised). */
    public int subscribe(String filter) throws MqttException {
        try {
            IMqttToken token = client.subscribe(prefix + filter, 1);
            token.waitForCompletion(10_000);
            return token.getReasonCodes()[0];
        } catch (MqttException e) {
            return e.getReasonCode();
        }
    }

    /** Publishes at QoS 1 and returns the PUBACK reason code (0 success, 0x87 not authorised). */
    public int publish(String topic, String payload) throws MqttException {
        try {
            IMqttToken token = client.publish(prefix + topic, payload.getBytes(StandardCharsets.UTF_8), 1, false);
            token.waitForCompletion(10_000);
            int[] codes = token.getReasonCodes();
            return codes == null || codes.length == 0 ? 0 : codes[0];
        } catch (MqttException e) {
            return e.getReasonCode();
        }
    }

    /** Publishes at QoS 0 (no acknowledgement): returns once the client sent it. */
    public void publishAtMostOnce(String topic, String payload) throws MqttException {
        client.publish(prefix + topic, payload.getBytes(StandardCharsets.UTF_8), 0, false).waitForCompletion(10_000);
    }

    /** From now on the device acknowledges (PUBACK) the messages it receives only in {@link #acknowledgeHeld}. */
    public void holdAcknowledgements() {
        holding = true;
        client.setManualAcks(true);
    }

    /** Acknowledges the messages received while acknowledgements are held. */
    public void acknowledgeHeld() throws MqttException {
        MqttMessage message;
        while ((message = held.poll()) != null) {
            client.messageArrivedComplete(message.getId(), message.getQos());
        }
    }

    /** The next message received within {@code timeout}, or null. */
    public Received next(Duration timeout) throws InterruptedException {
        return inbox.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    public void disconnect() throws MqttException {
        client.disconnect().waitForCompletion(10_000);
    }

    @Override
    public void close() throws MqttException {
        if (dropped) {
            return;
        }
        if (client.isConnected()) {
            client.disconnect().waitForCompletion(10_000);
        }
        client.close(true);
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        String relative = topic.startsWith(prefix) ? topic.substring(prefix.length()) : topic;
        if (holding) {
            held.add(message);
        }
        inbox.add(new Received(relative, new String(message.getPayload(), StandardCharsets.UTF_8), message.getQos()));
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
