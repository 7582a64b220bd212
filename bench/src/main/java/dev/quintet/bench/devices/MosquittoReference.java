package dev.quintet.bench.devices;

import dev.quintet.bench.BenchOptions;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The physical reference: the machine's Mosquitto on 127.0.0.1:1883 (when one answers, anonymous), 4 publishers ->
 * broker -> 1 subscriber with the benchmark's own MQTT client, QoS 0 and QoS 1 on both legs (window 100). No storage:
 * the ceiling a broker alone reaches on these cores.
 */
final class MosquittoReference {

    private static final int PUBLISHERS = 4;

    private MosquittoReference() {
    }

    static List<String> run(BenchOptions options) throws Exception {
        if (!answers()) {
            return List.of("| Mosquitto pub -> sub | not measured: nothing listens on 127.0.0.1:1883 | reference |");
        }
        List<String> rows = new ArrayList<>();
        for (int qos : new int[] {0, 1}) {
            rows.add(String.format("| Mosquitto pub -> sub, QoS %d, %d publishers, no storage | %.0f delivered msg/s | reference |",
                    qos, PUBLISHERS, delivered(qos, options)));
        }
        return rows;
    }

    private static double delivered(int qos, BenchOptions options) throws Exception {
        String root = "quintet-bench-" + UUID.randomUUID();
        AtomicLong received = new AtomicLong();
        MqttWire subscriber = MqttWire.connect("127.0.0.1", 1883, root + "-sub", null, null, 1);
        subscriber.onMessage((t, p) -> received.incrementAndGet());
        subscriber.subscribe(root + "/#", qos);
        Thread.sleep(200);
        AtomicBoolean running = new AtomicBoolean(true);
        List<MqttWire> publishers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        byte[] payload = "{\"temp\":21.5,\"n\":12345}".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < PUBLISHERS; i++) {
            MqttWire wire = MqttWire.connect("127.0.0.1", 1883, root + "-pub-" + i, null, null, 100);
            publishers.add(wire);
            String topic = root + "/" + i + "/ds/temp";
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    while (running.get()) {
                        wire.publish(topic, payload, qos);
                    }
                } catch (Exception e) {
                    // ended with the round
                }
            }));
        }
        Telemetry.sleep(options.warmup());
        long r0 = received.get();
        long t0 = System.nanoTime();
        Telemetry.sleep(options.measure());
        double rate = (received.get() - r0) / ((System.nanoTime() - t0) / 1e9);
        running.set(false);
        publishers.forEach(MqttWire::close);
        for (Thread t : threads) {
            t.join(5_000);
        }
        subscriber.close();
        return rate;
    }

    private static boolean answers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", 1883), 1_000);
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
