package dev.quintet.devices.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * Where the embedded broker listens and keeps its files. Port 0 takes any free port; {@link MqttBroker#port()} then
 * tells which.
 *
 * @param bindAddress the address to listen on
 * @param port the TCP port, 0..65535
 * @param folder a folder the broker may own (configuration, data, extensions)
 */
public record MqttSettings(String bindAddress, int port, Path folder) {

    public static final String PORT_VARIABLE = "QUINTET_MQTT_PORT";
    public static final int DEFAULT_PORT = 1883;

    public MqttSettings {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("the MQTT port (" + PORT_VARIABLE + ") must be 0..65535, got " + port);
        }
        if (bindAddress == null || bindAddress.isBlank()) {
            throw new IllegalArgumentException("the MQTT bind address must not be blank");
        }
    }

    /** The message for a port another process holds, naming the variable that moves it. */
    public static String portTakenMessage(int port) {
        return "MQTT port " + port + " is already in use; set " + PORT_VARIABLE
                + " to a free port (or 0 for any free port) to run the device broker elsewhere";
    }

    /** Whether {@code port} can be listened on at {@code bindAddress} right now. */
    public static boolean isFree(String bindAddress, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int freePort(String bindAddress) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port for the MQTT broker on " + bindAddress, e);
        }
    }
}
