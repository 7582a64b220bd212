package dev.quintet.devices.simulator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.mqttv5.common.MqttException;

/**
 * {@code devices simulate}: connects the devices, has each report its datastreams every interval (spread over the
 * interval), answer commands and report back written values, until the duration passes or the process is stopped;
 * then prints what was done.
 */
public final class DeviceSimulator {

    private DeviceSimulator() {
    }

    /** Runs {@code devices <args>} and returns the exit status: 0 done, 1 could not connect, 2 bad arguments. */
    public static int execute(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || !args.getFirst().equals("simulate")) {
            err.println(args.isEmpty() ? "quintet devices: name a command" : "quintet devices: unknown command '" + args.getFirst() + "'");
            err.println(SimulatorOptions.USAGE);
            return 2;
        }
        SimulatorOptions options;
        try {
            options = SimulatorOptions.parse(args.subList(1, args.size()));
        } catch (SimulatorOptions.UsageException e) {
            err.println("quintet devices simulate: " + e.getMessage());
            err.println(SimulatorOptions.USAGE);
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = Thread.ofPlatform().unstarted(stopped::countDown);
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return simulate(options, out, err, stopped);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
    }

    /** Simulates until the duration passes or {@code stopped} opens. */
    static int simulate(SimulatorOptions options, PrintStream out, PrintStream err, CountDownLatch stopped) {
        SimulatedDevice.Counts counts = new SimulatedDevice.Counts();
        List<SimulatedDevice> devices = new ArrayList<>();
        Random random = new Random();
        ScheduledExecutorService ticks = Executors.newScheduledThreadPool(2, Thread.ofPlatform().daemon().factory());
        try {
            for (SimulatorOptions.Identity identity : options.devices()) {
                devices.add(SimulatedDevice.connect(options.url(), identity, options.topicRoot(), options.streams(),
                        options.qos(), new Random(random.nextLong()), counts));
            }
            out.printf("simulating %d device(s) at %s: a report every %s; %s%n", devices.size(), options.url(),
                    text(options.interval()), options.duration() == null ? "Ctrl-C stops" : "for " + text(options.duration()));
            long period = options.interval().toNanos();
            for (SimulatedDevice device : devices) {
                ticks.scheduleAtFixedRate(device::report, (long) (random.nextDouble() * period), period, TimeUnit.NANOSECONDS);
            }
            if (options.duration() == null) {
                stopped.await();
            } else {
                stopped.await(options.duration().toMillis(), TimeUnit.MILLISECONDS);
            }
            return 0;
        } catch (MqttException e) {
            err.println("quintet devices simulate: device " + (devices.size() + 1) + " could not connect to "
                    + options.url() + ": " + e.getMessage() + " (reason code " + e.getReasonCode() + ")");
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            ticks.shutdownNow();
            devices.forEach(SimulatedDevice::close);
            out.printf("reports sent %d, commands answered %d, written values reported back %d, failed sends %d%n",
                    counts.reports().get(), counts.commands().get(), counts.writes().get(), counts.failed().get());
        }
    }

    private static String text(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
