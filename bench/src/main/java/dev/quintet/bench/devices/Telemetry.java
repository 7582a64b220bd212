package dev.quintet.bench.devices;

import dev.quintet.bench.BenchOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Devices publishing {@code ds/temp} as fast as the service takes it: at QoS 1 each keeps up to 50 messages
 * unacknowledged (the service acknowledges after the batch commits); at QoS 0, which has no flow control, the
 * devices together offer 25,000 msg/s. The figure is rows the history gained per second after a warm-up.
 */
final class Telemetry {

    record Result(double persistedPerSecond, double offeredPerSecond) {
    }

    private static final int WINDOW = 50;
    private static final double QOS0_RATE = 25_000;

    private Telemetry() {
    }

    static Result run(DevicesBench.Fixture fixture, int qos, BenchOptions options) throws Exception {
        List<MqttWire> wires = new ArrayList<>();
        for (String[] device : fixture.devices(DevicesBench.TELEMETRY_DEVICES)) {
            wires.add(MqttWire.connect("127.0.0.1", fixture.mqttPort(), "bench-" + device[0], "device", device[1], WINDOW));
        }
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong offered = new AtomicLong();
        List<Thread> publishers = new ArrayList<>();
        long every = (long) (1e9 * wires.size() / QOS0_RATE);
        for (MqttWire wire : wires) {
            publishers.add(Thread.ofVirtual().start(() -> {
                byte[] payload = "21.5".getBytes(StandardCharsets.UTF_8);
                long next = System.nanoTime();
                try {
                    while (running.get()) {
                        wire.publish("ds/temp", payload, qos);
                        offered.incrementAndGet();
                        if (qos == 0) {
                            next += every;
                            LockSupport.parkNanos(next - System.nanoTime());
                        }
                    }
                } catch (Exception e) {
                    // the connection ended with the round
                }
            }));
        }
        sleep(options.warmup());
        long rows0 = fixture.historyRows();
        long offered0 = offered.get();
        long t0 = System.nanoTime();
        sleep(options.measure());
        long rows1 = fixture.historyRows();
        long offered1 = offered.get();
        double seconds = (System.nanoTime() - t0) / 1e9;
        running.set(false);
        wires.forEach(MqttWire::close);
        for (Thread t : publishers) {
            t.join(5_000);
        }
        drain(fixture);
        return new Result((rows1 - rows0) / seconds, (offered1 - offered0) / seconds);
    }

    /** Waits (up to 2 minutes) until what the broker still holds is stored, so the next scenario starts idle. */
    private static void drain(DevicesBench.Fixture fixture) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        long last = -1;
        long now = fixture.historyRows();
        while (now != last && System.nanoTime() < deadline) {
            sleep(Duration.ofSeconds(1));
            last = now;
            now = fixture.historyRows();
        }
    }

    static void sleep(Duration d) throws InterruptedException {
        Thread.sleep(d.toMillis());
    }
}
