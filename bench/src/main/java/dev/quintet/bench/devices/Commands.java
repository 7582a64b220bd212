package dev.quintet.bench.devices;

import dev.quintet.bench.BenchOptions;
import dev.quintet.bench.ChildJvm;
import dev.quintet.bench.JitWarmup;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two-way commands to random devices among 1,000 connected ones, sent and answered from a child JVM
 * ({@link ChildJvm}), so that the benchmark's process is the service alone. A round trip runs from the app's
 * {@code POST /commands} to the service's acknowledgement of the device's answer, which it gives after storing the
 * answer (the command is then {@code SUCCEEDED}). Two drivers: {@link #CONCURRENCY} senders each waiting for its
 * command's answer before the next (what the machine sustains), and commands started at a fixed rate whether or not
 * earlier ones were answered, each timed from when it was due (the round trip at a stated load, with no coordinated
 * omission).
 */
final class Commands implements AutoCloseable {

    /** The system property that makes the benchmark JVM the command clients: the file describing them. */
    static final String CLIENTS = "quintet.bench.command-clients";
    static final int CONCURRENCY = 4;
    /** The fixed rates at which round trips are timed: a command every 10 s and every 4 s to each device. */
    static final double[] RATES = {100, 250};
    /** How long a command may go unanswered before it counts as lost. */
    private static final Duration ANSWER_WAIT = Duration.ofSeconds(5);
    private static final Pattern SEQ = Pattern.compile("\"n\":(\\d+)");

    record Result(double p50Millis, double p99Millis, int count, int lost, JitWarmup.Result warmup) {
    }

    /** A command sent and not yet answered: when it was due, and what waits for its answer. */
    private record Pending(long dueNanos, CompletableFuture<Void> answered) {
    }

    private final int httpPort;
    private final String key;
    private final List<String[]> devices;
    private final List<MqttWire> wires = new ArrayList<>();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean measuring = new AtomicBoolean();
    private final AtomicLong seqs = new AtomicLong();
    private final AtomicInteger lost = new AtomicInteger();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final LongSupplier serviceCompiledMillis;

    /** The parent's part: makes the devices and returns the table rows the child printed. */
    static List<String> run(DevicesBench.Fixture fixture, BenchOptions options) throws Exception {
        Path file = Files.createTempFile("quintet-commands", ".txt");
        List<String> lines = new ArrayList<>(List.of(fixture.httpPort() + " " + fixture.mqttPort() + " " + fixture.key()));
        fixture.devices(DevicesBench.COMMAND_DEVICES).forEach(d -> lines.add(d[0] + " " + d[1]));
        Files.write(file, lines);
        Process child = ChildJvm.start("devices", CLIENTS, file.toString(), "--warmup=" + options.warmup().toSeconds(),
                "--seconds=" + options.measure().toSeconds());
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> rows = out.lines().toList();
            if (child.waitFor() != 0) {
                throw new IllegalStateException("the command clients failed (exit " + child.exitValue() + ")");
            }
            return rows;
        } finally {
            child.destroy();
            Files.deleteIfExists(file);
        }
    }

    /** The child's part: connects the devices, times the round trips and prints a table row per driver. */
    static void clients(Path file, BenchOptions options) throws Exception {
        List<String> lines = Files.readAllLines(file);
        String[] first = lines.getFirst().split(" ");
        List<String[]> devices = lines.subList(1, lines.size()).stream().map(l -> l.split(" ")).toList();
        try (Commands commands = new Commands(Integer.parseInt(first[0]), Integer.parseInt(first[1]), first[2], devices)) {
            for (double rate : RATES) {
                Result c = commands.fixedRate(options, rate);
                System.out.printf(Locale.ROOT, "| command round trip, %d connected devices, fixed %.0f commands/s | p50 %.1f ms,"
                        + " **p99 %.1f ms** (%d commands, %d lost; %s) | p99 < 20 ms |%n", devices.size(), rate,
                        c.p50Millis(), c.p99Millis(), c.count(), c.lost(), c.warmup());
            }
            Result c = commands.closedLoop(options);
            System.out.printf(Locale.ROOT, "| command round trips, %d connected devices, %d in flight (what the machine"
                    + " sustains) | **%.0f commands/s**, p50 %.1f ms, p99 %.1f ms (%d lost; %s) | |%n", devices.size(),
                    CONCURRENCY, c.count() / (double) options.measure().toSeconds(), c.p50Millis(), c.p99Millis(),
                    c.lost(), c.warmup());
        }
    }

    /** Connects the devices, each answering every command it is sent. */
    private Commands(int httpPort, int mqttPort, String key, List<String[]> devices) throws Exception {
        this.httpPort = httpPort;
        this.key = key;
        this.devices = devices;
        this.serviceCompiledMillis = JitWarmup.compiledMillisAt("http://127.0.0.1:" + httpPort + "/metrics");
        for (String[] device : devices) {
            MqttWire wire = MqttWire.connect("127.0.0.1", mqttPort, "bench-" + device[0], "device", device[1], 100);
            Map<Integer, Long> answers = new ConcurrentHashMap<>();
            wire.onMessage((topic, payload) -> answer(wire, topic, payload, answers));
            wire.onAck(packet -> {
                Long seq = answers.remove(packet);
                Pending sent = seq == null ? null : pending.remove(seq);
                if (sent != null) {
                    if (measuring.get()) {
                        latencies.add(System.nanoTime() - sent.dueNanos());
                    }
                    sent.answered().complete(null);
                }
            });
            wire.subscribe("downlink/#", 1);
            wires.add(wire);
        }
    }

    /** {@link #CONCURRENCY} senders, each sending its next command once the last is answered. */
    private Result closedLoop(BenchOptions options) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> senders = new ArrayList<>();
        for (int i = 0; i < CONCURRENCY; i++) {
            senders.add(Thread.ofVirtual().start(() -> {
                while (running.get()) {
                    try {
                        send(System.nanoTime()).get(ANSWER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (Exception e) {
                        lost.incrementAndGet();
                    }
                }
            }));
        }
        Result result = measure(options);
        running.set(false);
        for (Thread t : senders) {
            t.join(ANSWER_WAIT.toMillis() * 2);
        }
        return result;
    }

    /** Commands started every {@code 1/perSecond} s, each on its own virtual thread, timed from when it was due. */
    private Result fixedRate(BenchOptions options, double perSecond) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        Thread pacer = Thread.ofVirtual().start(() -> {
            long start = System.nanoTime();
            double interval = 1e9 / perSecond;
            for (long i = 0; running.get(); i++) {
                long due = start + (long) (i * interval);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                Thread.ofVirtual().start(() -> {
                    try {
                        send(due).get(ANSWER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (Exception e) {
                        lost.incrementAndGet();
                    }
                });
            }
        });
        Result result = measure(options);
        running.set(false);
        pacer.join();
        Thread.sleep(ANSWER_WAIT.toMillis());
        return result;
    }

    private Result measure(BenchOptions options) throws Exception {
        JitWarmup.Result warmup = JitWarmup.run(options.warmup(), serviceCompiledMillis, Telemetry::sleep);
        latencies.clear();
        lost.set(0);
        measuring.set(true);
        Telemetry.sleep(options.measure());
        measuring.set(false);
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        return new Result(percentile(sorted, 0.50), percentile(sorted, 0.99), sorted.size(), lost.get(), warmup);
    }

    /** Sends one command to a random device; the future completes when the service acknowledged its answer. */
    private CompletableFuture<Void> send(long due) throws Exception {
        String[] device = devices.get(ThreadLocalRandom.current().nextInt(devices.size()));
        long seq = seqs.incrementAndGet();
        Pending sent = new Pending(due, new CompletableFuture<>());
        pending.put(seq, sent);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + httpPort + "/api/v1/devices/" + device[0] + "/commands"))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"method\":\"ping\",\"two_way\":true,\"params\":{\"n\":"
                        + seq + "}}")).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            pending.remove(seq);
            throw new IllegalStateException("command refused: " + r.statusCode() + " " + r.body());
        }
        return sent.answered().whenComplete((v, e) -> pending.remove(seq));
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

    @Override
    public void close() {
        wires.forEach(MqttWire::close);
        http.close();
    }
}
