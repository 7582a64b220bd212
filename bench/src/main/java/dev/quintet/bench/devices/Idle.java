package dev.quintet.bench.devices;

import dev.quintet.bench.ChildJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * 10,000 devices connected and silent (no keep-alive). The clients run in a child JVM, so that this process holds
 * only the service's side of the connections (one file descriptor each) and its heap is the service's. Heap is
 * measured after a full GC, before connecting and once all are connected.
 */
final class Idle {

    /** The system property that makes the benchmark JVM the idle clients: the file of "host port" then tokens. */
    static final String CLIENTS = "quintet.bench.idle-clients";

    record Result(int connected, double beforeMb, double afterMb) {
    }

    private Idle() {
    }

    static Result run(DevicesBench.Fixture fixture, int n) throws Exception {
        List<String[]> devices = fixture.devices(n);
        Path file = Files.createTempFile("quintet-idle", ".txt");
        List<String> lines = new ArrayList<>(List.of("127.0.0.1 " + fixture.mqttPort()));
        devices.forEach(d -> lines.add(d[1]));
        Files.write(file, lines);
        double before = heapMb();
        Process child = ChildJvm.start("devices", CLIENTS, file.toString());
        int connected = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            connected = line == null ? 0 : Integer.parseInt(line.replaceAll("\\D", ""));
            Thread.sleep(3_000);
            double after = heapMb();
            child.getOutputStream().close();
            child.waitFor();
            return new Result(connected, before, after);
        } finally {
            child.destroy();
        }
    }

    /** The child's part: connects every token, prints how many connected, and holds them until stdin closes. */
    static void clients(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        String[] address = lines.getFirst().split(" ");
        List<Future<MqttWire>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(32, Thread.ofVirtual().factory())) {
            for (String token : lines.subList(1, lines.size())) {
                futures.add(pool.submit(() -> MqttWire.connect(address[0], Integer.parseInt(address[1]),
                        "idle-" + UUID.randomUUID(), "device", token, 1)));
            }
        }
        List<MqttWire> wires = new ArrayList<>();
        for (Future<MqttWire> f : futures) {
            try {
                wires.add(f.get());
            } catch (Exception e) {
                System.err.println("an idle client could not connect: " + e.getMessage());
            }
        }
        System.out.println("connected " + wires.size());
        System.out.flush();
        System.in.read();
        wires.forEach(MqttWire::close);
    }

    private static double heapMb() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return memory.getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
    }
}
