package dev.quintet.bench.devices;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;

/**
 * A minimal MQTT 3.1.1 client on a blocking socket with a virtual reader thread: cheap enough for 10,000 idle
 * connections in the benchmark's own JVM. QoS 1 publishes are pipelined up to a window of unacknowledged ones.
 */
final class MqttWire implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final Semaphore window;
    private volatile BiConsumer<String, byte[]> onMessage = (t, p) -> { };
    private volatile IntConsumer onAck = id -> { };
    private int nextId;
    private volatile boolean closed;

    private MqttWire(Socket socket, int window) throws IOException {
        this.socket = socket;
        this.out = new BufferedOutputStream(socket.getOutputStream(), 8192);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 8192));
        this.window = new Semaphore(window);
    }

    /** Connects (clean session, no keep-alive) and waits for CONNACK; throws when refused. */
    static MqttWire connect(String host, int port, String clientId, String user, String password, int window)
            throws IOException {
        Socket socket = new Socket(host, port);
        socket.setTcpNoDelay(true);
        MqttWire wire = new MqttWire(socket, window);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        string(body, "MQTT");
        body.write(4);
        body.write((user != null ? 0x80 : 0) | (password != null ? 0x40 : 0) | 0x02);
        body.write(0);
        body.write(0);
        string(body, clientId);
        if (user != null) {
            string(body, user);
        }
        if (password != null) {
            string(body, password);
        }
        wire.send(0x10, body.toByteArray());
        int type = wire.in.readUnsignedByte();
        byte[] connack = wire.readBody();
        if (type != 0x20 || connack.length < 2 || connack[1] != 0) {
            socket.close();
            throw new IOException("CONNECT refused (return code " + (connack.length > 1 ? connack[1] : -1) + ")");
        }
        Thread.ofVirtual().start(wire::read);
        return wire;
    }

    void onMessage(BiConsumer<String, byte[]> handler) {
        onMessage = handler;
    }

    void onAck(IntConsumer handler) {
        onAck = handler;
    }

    void subscribe(String filter, int qos) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int id = id();
        body.write(id >> 8);
        body.write(id);
        string(body, filter);
        body.write(qos);
        send(0x82, body.toByteArray());
    }

    /** Publishes; at QoS 1 waits for room in the window first and returns the packet id (0 at QoS 0). */
    int publish(String topic, byte[] payload, int qos) throws IOException, InterruptedException {
        if (qos == 1) {
            window.acquire();
        }
        if (closed) {
            throw new IOException("closed");
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(topic.length() + payload.length + 4);
        string(body, topic);
        int id = 0;
        synchronized (this) {
            if (qos == 1) {
                id = id();
                body.write(id >> 8);
                body.write(id);
            }
            body.write(payload, 0, payload.length);
            send(0x30 | (qos << 1), body.toByteArray());
        }
        return id;
    }

    /** Closes the connection; publishers waiting for room in the window give up. */
    @Override
    public void close() {
        closed = true;
        window.release(1 << 20);
        try {
            synchronized (this) {
                out.write(new byte[] {(byte) 0xE0, 0});
                out.flush();
            }
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    private void read() {
        try {
            while (true) {
                int type = in.readUnsignedByte();
                byte[] body = readBody();
                switch (type >> 4) {
                    case 4 -> {
                        window.release();
                        onAck.accept(((body[0] & 0xFF) << 8) | (body[1] & 0xFF));
                    }
                    case 3 -> incoming(type, body);
                    default -> { }
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void incoming(int type, byte[] body) throws IOException {
        int qos = (type >> 1) & 3;
        int topicLength = ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
        String topic = new String(body, 2, topicLength, StandardCharsets.UTF_8);
        int at = 2 + topicLength;
        if (qos > 0) {
            int id = ((body[at] & 0xFF) << 8) | (body[at + 1] & 0xFF);
            at += 2;
            synchronized (this) {
                out.write(new byte[] {0x40, 2, (byte) (id >> 8), (byte) id});
                out.flush();
            }
        }
        byte[] payload = Arrays.copyOfRange(body, at, body.length);
        onMessage.accept(topic, payload);
    }

    private synchronized int id() {
        nextId = nextId % 65535 + 1;
        return nextId;
    }

    private synchronized void send(int header, byte[] body) throws IOException {
        out.write(header);
        int length = body.length;
        do {
            int digit = length % 128;
            length /= 128;
            out.write(length > 0 ? digit | 0x80 : digit);
        } while (length > 0);
        out.write(body);
        out.flush();
    }

    private byte[] readBody() throws IOException {
        int length = 0;
        int multiplier = 1;
        int digit;
        do {
            digit = in.readUnsignedByte();
            length += (digit & 127) * multiplier;
            multiplier *= 128;
        } while ((digit & 128) != 0);
        byte[] body = new byte[length];
        in.readFully(body);
        return body;
    }

    private static void string(ByteArrayOutputStream out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write(bytes.length >> 8);
        out.write(bytes.length);
        out.write(bytes, 0, bytes.length);
    }
}
