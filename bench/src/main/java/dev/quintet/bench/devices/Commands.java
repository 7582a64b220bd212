package dev.quintet.bench.devices;

import dev.quintet.bench.BenchOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two-way commands to random devices among 1,000 connected ones, {@link #CONCURRENCY} at a time: the round trip runs
 * from the app's {@code POST /commands} to the service's acknowledgement of the device's answer, which it gives after
 * storing the answer (the command is then {@code SUCCEEDED}).
 */
final class Commands {

    static final int CONCURRENCY = 4;

    record Result(double p50Millis, double p99Millis, int count) {
    }

    private static final Pattern SEQ = Pattern.compile("\"n\":(\\d+)");

    private Commands() {
    }

    static Result run(DevicesBench.Fixture fixture, BenchOptions options) throws Exception {
        Map<Long, Long> started = new ConcurrentHashMap<>();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean measuring = new AtomicBoolean(false);
        List<String[]> devices = fixture.devices(DevicesBench.COMMAND_DEVICES);
        List<MqttWire> wires = new ArrayList<>();
        for (String[] device : devices) {
            MqttWire wire = MqttWire.connect("127.0.0.1", fixture.mqttPort(), "bench-" + device[0], "device", device[1], 100);
            Map<Integer, Long> answers = new ConcurrentHashMap<>();
            wire.onMessage((topic, payload) -> answer(wire, topic, payload, answers));
            wire.onAck(packet -> {
                Long seq = answers.remove(packet);
                Long t0 = seq == null ? null : started.remove(seq);
                if (t0 != null && measuring.get()) {
                    latencies.add(System.nanoTime() - t0);
                }
            });
            wire.subscribe("downlink/#", 1);
            wires.add(wire);
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> senders = new ArrayList<>();
        AtomicLong seqs = new AtomicLong();
        for (int i = 0; i < CONCURRENCY; i++) {
            senders.add(Thread.ofVirtual().start(() -> {
                while (running.get()) {
                    String[] device = devices.get(ThreadLocalRandom.current().nextInt(devices.size()));
                    long seq = seqs.incrementAndGet();
                    started.put(seq, System.nanoTime());
                    try {
                        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                        + fixture.httpPort() + "/api/v1/devices/" + device[0] + "/commands"))
                                .header("Authorization", "Bearer " + fixture.key()).header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"method\":\"ping\",\"two_way\":true,\"params\":{\"n\":"
                                        + seq + "}}")).build(), HttpResponse.BodyHandlers.ofString());
                        if (r.statusCode() != 201) {
                            System.err.println("command refused: " + r.statusCode() + " " + r.body());
                        }
                        while (started.containsKey(seq) && running.get()) {
                            Thread.sleep(0, 200_000);
                        }
                    } catch (Exception e) {
                        started.remove(seq);
                    }
                }
            }));
        }
        Telemetry.sleep(options.warmup());
        measuring.set(true);
        Telemetry.sleep(options.measure());
        measuring.set(false);
        running.set(false);
        for (Thread t : senders) {
            t.join(10_000);
        }
        wires.forEach(MqttWire::close);
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        return new Result(percentile(sorted, 0.50), percentile(sorted, 0.99), sorted.size());
    }

    private static void answer(MqttWire wire, String topic, byte[] payload, Map<Integer, Long> answers) {
        if (!topic.startsWith("downlink/cmd/")) {
            return;
        }
        Matcher m = SEQ.matcher(new String(payload, StandardCharsets.UTF_8));
        try {
            int packet = wire.publish("cmd/" + topic.substring("downlink/cmd/".length()) + "/result",
                    "{\"result\":{\"pong\":true}}".getBytes(StandardCharsets.UTF_8), 1);
            if (m.find()) {
                answers.put(packet, Long.parseLong(m.group(1)));
            }
        } catch (Exception e) {
            // the connection ended
        }
    }

    private static double percentile(List<Long> sorted, double p) {
        return sorted.isEmpty() ? Double.NaN : sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size()))) / 1e6;
    }
}
