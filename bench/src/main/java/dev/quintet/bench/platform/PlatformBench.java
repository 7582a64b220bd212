package dev.quintet.bench.platform;

import dev.quintet.bench.BenchOptions;
import dev.quintet.bench.JitWarmup;
import dev.quintet.bench.LoadDriver;
import dev.quintet.bench.WrkDriver;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.quota.RateLimitHeaders;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code ./quintet bench platform}: the same endpoint with and without key authentication and quotas, at
 * concurrency 1 and 64, over loopback on the embedded database, in {@value #PAIRS} pairs of short back-to-back
 * rounds (each a third of {@code --seconds}; which endpoint goes first alternates). The throughput ratio is the
 * median of the pairs' ratios: the two rounds of a pair see the same machine, so a slow spell of the machine moves
 * both, where the ratio of two medians taken apart would carry it. Prints req/s, p50 and p99 of the median rounds
 * and the differences, the CPU per request over all rounds, and the time the key-and-quota filter takes inside the
 * server over all rounds ({@link ContractStopwatch}). With {@code --same-wire} the public path moves the same bytes as
 * the keyed one (see {@link #run}), which leaves the contract's work apart from the fields it puts on the wire.
 */
public final class PlatformBench {

    private static final int PAIRS = 15;

    private PlatformBench() {
    }

    /**
     * Options: {@code --seconds=N --warmup=N}, and {@code --same-wire}: the public path also receives the key's
     * {@code Authorization} header (which it does not read) and sends the rate-limit fields of a keyed response as
     * fixed text, so that both paths move the same bytes and the difference is the contract's work without them.
     */
    public static void run(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(List.of(args));
        boolean sameWire = rest.remove("--same-wire");
        BenchOptions options = BenchOptions.parse(rest.toArray(String[]::new));
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
            Map<String, String> auth = Map.of("Authorization", "Bearer " + key);
            Scenario open = new Scenario("http://127.0.0.1:" + port + "/open/ping", sameWire ? auth : Map.of());
            Scenario keyed = new Scenario("http://127.0.0.1:" + port + "/api/v1/ping", auth);
            if (sameWire) {
                app.getBean(PingApplication.OpenPathFields.class).set(rateLimitFields(keyed));
                System.out.println("same wire: the public path also receives the Authorization header and sends "
                        + String.join(", ", RateLimitHeaders.NAMES) + " as fixed text");
            }
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
                Side without = new Side(open);
                Side with = new Side(keyed);
                Duration length = options.measure().dividedBy(3);
                stopwatch.drain();
                for (int pair = 0; pair < PAIRS; pair++) {
                    Side first = pair % 2 == 0 ? without : with;
                    first.measure(wrk, concurrency, length, stopwatch);
                    (first == without ? with : without).measure(wrk, concurrency, length, stopwatch);
                }
                Round bare = median(without.rounds());
                Round full = median(with.rounds());
                Filter bareTimes = Filter.of(without.filterTimes());
                Filter fullTimes = Filter.of(with.filterTimes());
                double bareCpu = cpuMicros(without.rounds());
                double fullCpu = cpuMicros(with.rounds());
                row(concurrency, "without auth + quota", bare, bareCpu, bareTimes);
                row(concurrency, "with auth + quota", full, fullCpu, fullTimes);
                double[] ratios = ratios(without.rounds(), with.rounds());
                System.out.printf("| %d | with / without | %.1f%% of throughput (pairs' median) | %+.0f µs | %+.0f µs | %+.1f µs (%.1f%%) | %+.1f µs | %+.1f µs |%n",
                        concurrency, LoadDriver.percentile(ratios, 0.5),
                        full.load().p50Micros() - bare.load().p50Micros(), full.load().p99Micros() - bare.load().p99Micros(),
                        fullCpu - bareCpu, 100.0 * bareCpu / fullCpu, fullTimes.p50() - bareTimes.p50(), fullTimes.p99() - bareTimes.p99());
                System.out.printf(Locale.ROOT, "| %d | pairs' ratios: quartiles %.1f%% / %.1f%% / %.1f%%, lowest %.1f%%, highest %.1f%% | | | | | | |%n",
                        concurrency, LoadDriver.percentile(ratios, 0.25), LoadDriver.percentile(ratios, 0.5),
                        LoadDriver.percentile(ratios, 0.75), ratios[0], ratios[ratios.length - 1]);
            }
            System.out.println(String.join("; ", warmups));
        }
    }

    /** The rate-limit fields of one keyed response. */
    private static Map<String, String> rateLimitFields(Scenario keyed) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(keyed.url()));
        keyed.headers().forEach(request::header);
        HttpResponse<Void> response;
        try (HttpClient client = HttpClient.newHttpClient()) {
            response = client.send(request.build(), HttpResponse.BodyHandlers.discarding());
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String name : RateLimitHeaders.NAMES) {
            fields.put(name, response.headers().firstValue(name)
                    .orElseThrow(() -> new IllegalStateException("the keyed response has no " + name)));
        }
        return fields;
    }

    /**
     * One round's load figures and the CPU time this process spent per request meanwhile. With wrk the process is
     * the server alone, so its CPU per request is the server's cost of a request, a figure other load on the machine
     * hardly moves; with the Java driver it includes the client's share, the same on both endpoints.
     */
    private record Round(LoadDriver.Result load, long cpuNanos) {
    }

    /** One endpoint's rounds and the filter's times in each, in the order run. */
    private record Side(Scenario scenario, List<Round> rounds, List<long[]> filterTimes) {

        Side(Scenario scenario) {
            this(scenario, new ArrayList<>(), new ArrayList<>());
        }

        void measure(Optional<Path> wrk, int concurrency, Duration length, ContractStopwatch stopwatch) throws Exception {
            rounds.add(scenario.run(wrk, concurrency, length));
            filterTimes.add(stopwatch.drain());
        }
    }

    /** One endpoint with its headers, driven by wrk when there is one, else by the Java driver. */
    private record Scenario(String url, Map<String, String> headers) {
        Round run(Optional<Path> wrk, int concurrency, Duration duration) throws Exception {
            long cpuBefore = processCpuNanos();
            LoadDriver.Result load;
            if (wrk.isPresent()) {
                load = WrkDriver.run(wrk.get(), url, headers, concurrency, duration);
            } else {
                String[] pairs = headers.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue()))
                        .toArray(String[]::new);
                load = LoadDriver.run(LoadDriver.get(url, pairs), 200, concurrency, duration);
            }
            return new Round(load, processCpuNanos() - cpuBefore);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** The round with the median throughput, for its latencies. */
    private static Round median(List<Round> rounds) {
        List<Round> sorted = new ArrayList<>(rounds);
        sorted.sort(Comparator.comparingDouble(r -> r.load().requestsPerSecond()));
        return sorted.get(sorted.size() / 2);
    }

    /** Percentiles, in µs, of the in-server times of all measured rounds of one endpoint. */
    private record Filter(double p50, double p99) {
        static Filter of(List<long[]> rounds) {
            long[] all = rounds.stream().flatMapToLong(Arrays::stream).sorted().toArray();
            return new Filter(LoadDriver.percentile(all, 0.50) / 1e3, LoadDriver.percentile(all, 0.99) / 1e3);
        }
    }

    /** Each pair's with / without throughput in percent, sorted. */
    private static double[] ratios(List<Round> bare, List<Round> full) {
        double[] each = new double[bare.size()];
        for (int i = 0; i < bare.size(); i++) {
            each[i] = 100.0 * full.get(i).load().requestsPerSecond() / bare.get(i).load().requestsPerSecond();
        }
        Arrays.sort(each);
        return each;
    }

    /** CPU per request over all rounds of one endpoint. */
    private static double cpuMicros(List<Round> rounds) {
        long nanos = rounds.stream().mapToLong(Round::cpuNanos).sum();
        long requests = rounds.stream().mapToLong(r -> r.load().requests()).sum();
        return nanos / 1000.0 / Math.max(1, requests);
    }

    /** One endpoint's line: throughput and latencies of its median round, CPU per request and filter times of all. */
    private static void row(int concurrency, String name, Round r, double cpuMicros, Filter f) {
        System.out.printf("| %d | %s | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f |%n", concurrency, name, r.load().requestsPerSecond(),
                r.load().p50Micros(), r.load().p99Micros(), cpuMicros, f.p50(), f.p99());
    }
}
