package dev.quintet.bench.platform;

import dev.quintet.bench.BenchOptions;
import dev.quintet.bench.JitWarmup;
import dev.quintet.bench.LoadDriver;
import dev.quintet.bench.WrkDriver;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code ./quintet bench platform}: the same endpoint with and without key authentication and quotas, at
 * concurrency 1 and 64, over loopback on the embedded database: five alternating rounds of each, the median
 * round reported. Prints req/s, p50 and p99 and the differences, and the time the key-and-quota filter takes
 * inside the server over all rounds ({@link ContractStopwatch}).
 */
public final class PlatformBench {

    private static final int ROUNDS = 5;

    private PlatformBench() {
    }

    public static void run(BenchOptions options) throws Exception {
        Path dataDir = Files.createTempDirectory("quintet-bench");
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                "--quintet.quota.free.packages.per-minute=1000000000", "--quintet.quota.free.packages.per-day=1000000000",
                "--logging.level.root=warn")) {
            ConfigurableApplicationContext app = AppLauncher.startApp(platform, PingApplication.class, "packages", 0,
                    "--logging.level.quintet.access=warn");
            int port = AppLauncher.port(app);
            ContractStopwatch stopwatch = app.getBean(ContractStopwatch.class);
            Account account = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com", "bench-password-1");
            String key = platform.getBean(ApiKeys.class).create(account.id(), "bench", List.of("packages")).secret();
            Scenario open = new Scenario("http://127.0.0.1:" + port + "/open/ping", Map.of());
            Scenario keyed = new Scenario("http://127.0.0.1:" + port + "/api/v1/ping", Map.of("Authorization", "Bearer " + key));
            Optional<Path> wrk = WrkDriver.find();
            System.out.println("load driver: " + (wrk.isPresent() ? "wrk" : "Java HttpClient (install wrk for a lighter client)"));

            System.out.println("| concurrency | endpoint | req/s | p50 µs | p99 µs | CPU µs/req | filter p50 µs | filter p99 µs |");
            System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|");
            List<String> warmups = new ArrayList<>();
            for (int concurrency : new int[] {1, 64}) {
                JitWarmup.Result warmup = JitWarmup.run(options.warmup(), length -> {
                    open.run(wrk, concurrency, length.dividedBy(2));
                    keyed.run(wrk, concurrency, length.dividedBy(2));
                });
                warmups.add("concurrency " + concurrency + ": " + warmup);
                List<Round> bareRounds = new ArrayList<>();
                List<Round> fullRounds = new ArrayList<>();
                List<long[]> bareFilter = new ArrayList<>();
                List<long[]> fullFilter = new ArrayList<>();
                stopwatch.drain();
                for (int round = 0; round < ROUNDS; round++) {
                    bareRounds.add(open.run(wrk, concurrency, options.measure()));
                    bareFilter.add(stopwatch.drain());
                    fullRounds.add(keyed.run(wrk, concurrency, options.measure()));
                    fullFilter.add(stopwatch.drain());
                }
                Round bare = median(bareRounds);
                Round full = median(fullRounds);
                Filter bareTimes = Filter.of(bareFilter);
                Filter fullTimes = Filter.of(fullFilter);
                row(concurrency, "without auth + quota", bare, bareTimes);
                row(concurrency, "with auth + quota", full, fullTimes);
                System.out.printf("| %d | with / without | %.1f%% of throughput | %+.0f µs | %+.0f µs | %+.1f µs (%.1f%%) | %+.1f µs | %+.1f µs |%n",
                        concurrency, 100.0 * full.load().requestsPerSecond() / bare.load().requestsPerSecond(),
                        full.load().p50Micros() - bare.load().p50Micros(), full.load().p99Micros() - bare.load().p99Micros(),
                        full.cpuMicros() - bare.cpuMicros(), 100.0 * bare.cpuMicros() / full.cpuMicros(),
                        fullTimes.p50() - bareTimes.p50(), fullTimes.p99() - bareTimes.p99());
                System.out.printf("| %d | throughput ratio per round | %s | | | | | |%n", concurrency, ratios(bareRounds, fullRounds));
            }
            System.out.println(String.join("; ", warmups));
        }
    }

    /**
     * One round's load figures and the CPU time this process spent per request meanwhile. With wrk the process is
     * the server alone, so its CPU per request is the server's cost of a request, a figure other load on the machine
     * hardly moves; with the Java driver it includes the client's share, the same on both endpoints.
     */
    private record Round(LoadDriver.Result load, double cpuMicros) {
    }

    /** One endpoint with its headers, driven by wrk when there is one, else by the Java driver. */
    private record Scenario(String url, Map<String, String> headers) {
        Round run(Optional<Path> wrk, int concurrency, java.time.Duration duration) throws Exception {
            long cpuBefore = processCpuNanos();
            LoadDriver.Result load;
            if (wrk.isPresent()) {
                load = WrkDriver.run(wrk.get(), url, headers, concurrency, duration);
            } else {
                String[] pairs = headers.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue()))
                        .toArray(String[]::new);
                load = LoadDriver.run(LoadDriver.get(url, pairs), 200, concurrency, duration);
            }
            return new Round(load, (processCpuNanos() - cpuBefore) / 1000.0 / Math.max(1, load.requests()));
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** The round with the median throughput: alternating rounds and taking the median evens out machine noise. */
    private static Round median(List<Round> rounds) {
        List<Round> sorted = new ArrayList<>(rounds);
        sorted.sort(Comparator.comparingDouble(r -> r.load().requestsPerSecond()));
        return sorted.get(sorted.size() / 2);
    }

    /** Percentiles, in µs, of the in-server times of all measured rounds of one endpoint. */
    private record Filter(double p50, double p99) {
        static Filter of(List<long[]> rounds) {
            long[] all = rounds.stream().flatMapToLong(java.util.Arrays::stream).sorted().toArray();
            return new Filter(LoadDriver.percentile(all, 0.50) / 1e3, LoadDriver.percentile(all, 0.99) / 1e3);
        }
    }

    /** Each round's with / without throughput, in the order run: the spread the median hides. */
    private static String ratios(List<Round> bare, List<Round> full) {
        List<String> each = new ArrayList<>();
        for (int i = 0; i < bare.size(); i++) {
            each.add(String.format("%.1f%%", 100.0 * full.get(i).load().requestsPerSecond() / bare.get(i).load().requestsPerSecond()));
        }
        return String.join(", ", each);
    }

    private static void row(int concurrency, String name, Round r, Filter f) {
        System.out.printf("| %d | %s | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f |%n", concurrency, name, r.load().requestsPerSecond(),
                r.load().p50Micros(), r.load().p99Micros(), r.cpuMicros(), f.p50(), f.p99());
    }
}
