package dev.quintet.bench.platform;

import dev.quintet.bench.BenchOptions;
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
 * concurrency 1 and 64, over loopback on the embedded database: three alternating rounds of each, the median
 * round reported. Prints req/s, p50 and p99 and the differences.
 */
public final class PlatformBench {

    private static final int ROUNDS = 3;

    private PlatformBench() {
    }

    public static void run(BenchOptions options) throws Exception {
        Path dataDir = Files.createTempDirectory("quintet-bench");
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                "--quintet.quota.free.packages.per-minute=1000000000", "--quintet.quota.free.packages.per-day=1000000000",
                "--logging.level.root=warn")) {
            int port = AppLauncher.port(AppLauncher.startApp(platform, PingApplication.class, "packages", 0,
                    "--logging.level.quintet.access=warn"));
            Account account = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com", "bench-password-1");
            String key = platform.getBean(ApiKeys.class).create(account.id(), "bench", List.of("packages")).secret();
            Scenario open = new Scenario("http://127.0.0.1:" + port + "/open/ping", Map.of());
            Scenario keyed = new Scenario("http://127.0.0.1:" + port + "/api/v1/ping", Map.of("Authorization", "Bearer " + key));
            Optional<Path> wrk = WrkDriver.find();
            System.out.println("load driver: " + (wrk.isPresent() ? "wrk" : "Java HttpClient (install wrk for a lighter client)"));

            System.out.println("| concurrency | endpoint | req/s | p50 µs | p99 µs | CPU µs/req |");
            System.out.println("|---:|---|---:|---:|---:|---:|");
            for (int concurrency : new int[] {1, 64}) {
                open.run(wrk, concurrency, options.warmup());
                keyed.run(wrk, concurrency, options.warmup());
                List<Round> bareRounds = new ArrayList<>();
                List<Round> fullRounds = new ArrayList<>();
                for (int round = 0; round < ROUNDS; round++) {
                    bareRounds.add(open.run(wrk, concurrency, options.measure()));
                    fullRounds.add(keyed.run(wrk, concurrency, options.measure()));
                }
                Round bare = median(bareRounds);
                Round full = median(fullRounds);
                row(concurrency, "without auth + quota", bare);
                row(concurrency, "with auth + quota", full);
                System.out.printf("| %d | with / without | %.1f%% of throughput | %+.0f µs | %+.0f µs | %+.1f µs (%.1f%%) |%n",
                        concurrency, 100.0 * full.load().requestsPerSecond() / bare.load().requestsPerSecond(),
                        full.load().p50Micros() - bare.load().p50Micros(), full.load().p99Micros() - bare.load().p99Micros(),
                        full.cpuMicros() - bare.cpuMicros(), 100.0 * bare.cpuMicros() / full.cpuMicros());
            }
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

    private static void row(int concurrency, String name, Round r) {
        System.out.printf("| %d | %s | %.0f | %.0f | %.0f | %.1f |%n", concurrency, name, r.load().requestsPerSecond(),
                r.load().p50Micros(), r.load().p99Micros(), r.cpuMicros());
    }
}
