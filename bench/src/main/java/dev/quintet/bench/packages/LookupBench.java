package dev.quintet.bench.packages;

import dev.quintet.bench.FixedRateDriver;
import dev.quintet.bench.LoadDriver;
import dev.quintet.bench.WrkDriver;
import dev.quintet.packages.PackagesApplication;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code ./quintet bench packages} (look-ups): the packages app on a fresh embedded database with a loopback npm
 * registry as its upstream. For distinct names, the time of a direct GET of the packument from that registry next to
 * the time of the service's first {@code GET /api/npm/{name}} (fetch, parse, store, answer), with no upstream delay
 * and with a fixed one; then already stored names read at concurrency 1 and 32 with wrk, and at a fixed 500 req/s
 * with an open-loop driver. Goals (issue): a cold look-up under 1.2x the upstream fetch; cached look-ups with p99
 * under 10 ms at 500 req/s.
 */
public final class LookupBench {

    private static final String RECORDED_NAME = "is-odd";
    private static final int CONCURRENCY = 32;
    private static final double COLD_GOAL = 1.2;
    private static final double CACHED_P99_GOAL_MILLIS = 10;
    private static final double CACHED_RATE_GOAL = 500;

    /** The benchmark's settings. */
    record Options(int names, int slowNames, Duration delay, Duration warmup, Duration measure) {

        static final String USAGE = "look-up options: [--names=300] [--slow-names=100] [--delay-ms=50] [--warmup=5]"
                + " [--seconds=10]";

        static boolean accepts(String arg) {
            return arg.startsWith("--names=") || arg.startsWith("--slow-names=") || arg.startsWith("--delay-ms=")
                    || arg.startsWith("--warmup=") || arg.startsWith("--seconds=");
        }

        static Options parse(List<String> args) {
            int names = 300;
            int slowNames = 100;
            long delayMillis = 50;
            long warmup = 5;
            long seconds = 10;
            for (String arg : args) {
                String value = arg.substring(arg.indexOf('=') + 1);
                switch (arg.substring(0, arg.indexOf('='))) {
                    case "--names" -> names = Integer.parseInt(value);
                    case "--slow-names" -> slowNames = Integer.parseInt(value);
                    case "--delay-ms" -> delayMillis = Long.parseLong(value);
                    case "--warmup" -> warmup = Long.parseLong(value);
                    case "--seconds" -> seconds = Long.parseLong(value);
                    default -> throw new IllegalArgumentException("unknown option '" + arg + "'\n" + USAGE);
                }
            }
            if (names < 1 || names > 9999 || slowNames < 1 || slowNames > 9999 || delayMillis < 0 || seconds < 1
                    || warmup < 0) {
                throw new IllegalArgumentException("--names and --slow-names must be 1..9999, --delay-ms and --warmup"
                        + " at least 0, --seconds at least 1\n" + USAGE);
            }
            return new Options(names, slowNames, Duration.ofMillis(delayMillis), Duration.ofSeconds(warmup),
                    Duration.ofSeconds(seconds));
        }
    }

    private LookupBench() {
    }

    public static void run(Options options) throws Exception {
        String packument = recordedPackument();
        Path dataDir = Files.createTempDirectory("quintet-bench-lookups");
        try (FakeNpmRegistry registry = FakeNpmRegistry.start(packument, RECORDED_NAME, options.delay());
             ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                     "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                     "--quintet.quota.free.packages.per-minute=1000000000",
                     "--quintet.quota.free.packages.per-day=1000000000",
                     "--logging.level.root=warn", "--quintet.usage-flush-interval=1h");
             HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            int port = AppLauncher.port(AppLauncher.startApp(platform, PackagesApplication.class, "packages", 0,
                    "--logging.level.quintet.access=warn", "--quintet.packages.upstreams.npm=" + registry.baseUrl(),
                    "--quintet.packages.debian.ingest-on-schedule=false"));
            Account account = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com",
                    "bench-password-1");
            String key = platform.getBean(ApiKeys.class).create(account.id(), "bench", List.of("packages")).secret();
            ColdLookups requests = new ColdLookups(client, registry.baseUrl() + "/", "http://127.0.0.1:" + port + "/api/npm/",
                    "Bearer " + key);
            System.out.printf(Locale.ROOT, "cores: %d; packument: npm %s as recorded, %,d bytes; upstream delay of"
                            + " the slow names: %d ms%n", Runtime.getRuntime().availableProcessors(), RECORDED_NAME,
                    packument.getBytes(StandardCharsets.UTF_8).length, options.delay().toMillis());

            requests.measure(names("bench-warm-", Math.max(50, options.names() / 2)));
            ColdLookups.Result fast = requests.measure(names("bench-pkg-", options.names()));
            ColdLookups.Result slow = requests.measure(names(FakeNpmRegistry.SLOW_PREFIX, options.slowNames()));
            System.out.println();
            System.out.println("| upstream | names | upstream fetch p50 ms | p99 ms | cold look-up p50 ms | p99 ms"
                    + " | cold / fetch p50 | p99 | look-up less fetch, per name, p50 ms |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
            coldRow("loopback, no delay", fast);
            coldRow("loopback + " + options.delay().toMillis() + " ms", slow);

            List<String> stored = names("bench-pkg-", options.names());
            LoadDriver.Result single = cached(requests, stored, 1, options);
            LoadDriver.Result cached = cached(requests, stored, CONCURRENCY, options);
            System.out.println();
            System.out.println("| look-up | concurrency | names | req/s | p50 ms | p99 ms |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            cachedRow(1, stored.size(), single);
            cachedRow(CONCURRENCY, stored.size(), cached);
            FixedRateDriver.Result paced = paced(requests, stored, options);
            System.out.println();
            System.out.println("| look-up | offered req/s | answered req/s | requests | p50 ms | p99 ms | p99.9 ms | max ms |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
            System.out.printf(Locale.ROOT, "| cached, fixed rate, open loop | %,.0f | %,.0f | %,d | %.2f | %.2f | %.2f | %.2f |%n",
                    paced.offeredPerSecond(), paced.answeredPerSecond(), paced.requests(), paced.p50Micros() / 1e3,
                    paced.p99Micros() / 1e3, paced.p999Micros() / 1e3, paced.maxMicros() / 1e3);
            System.out.println();
            System.out.printf(Locale.ROOT, "upstream packuments sent: %,d%n", registry.packuments());
            goals(fast, slow, paced, options);
        }
    }

    private static void coldRow(String upstream, ColdLookups.Result pair) {
        ColdLookups.Timings direct = pair.direct();
        ColdLookups.Timings cold = pair.cold();
        System.out.printf(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.2f |%n", upstream,
                direct.count(), direct.millis(0.50), direct.millis(0.99), cold.millis(0.50),
                cold.millis(0.99), pair.ratio(0.50), pair.ratio(0.99), pair.extra().millis(0.50));
    }

    private static void cachedRow(int concurrency, int names, LoadDriver.Result r) {
        System.out.printf(Locale.ROOT, "| cached (stored, fresh) | %d | %d | %,.0f | %.2f | %.2f |%n", concurrency,
                names, r.requestsPerSecond(), r.p50Micros() / 1e3, r.p99Micros() / 1e3);
    }

    private static void goals(ColdLookups.Result fast, ColdLookups.Result slow, FixedRateDriver.Result paced,
                              Options options) {
        double slowRatio = slow.ratio(0.50);
        double fastRatio = fast.ratio(0.50);
        double p99 = paced.p99Micros() / 1e3;
        boolean cachedMet = paced.answeredPerSecond() >= 0.99 * CACHED_RATE_GOAL && p99 < CACHED_P99_GOAL_MILLIS;
        System.out.printf(Locale.ROOT, "Goals: cold look-up under %.1fx the upstream fetch: %s with a %d ms upstream"
                        + " (%.2fx at p50), %.2fx with a zero-delay loopback upstream (a floor of the service's own"
                        + " work, not the goal's case); cached p99 under %.0f ms at %.0f req/s: %s (%,.0f req/s"
                        + " offered, %,.0f answered, p99 %.2f ms, measured from when each request was due)%n",
                COLD_GOAL, slowRatio < COLD_GOAL ? "met" : "not met", options.delay().toMillis(), slowRatio, fastRatio,
                CACHED_P99_GOAL_MILLIS, CACHED_RATE_GOAL, cachedMet ? "met" : "not met", paced.offeredPerSecond(),
                paced.answeredPerSecond(), p99);
    }

    /** The stored names read at the goal's fixed rate, rotating over them, after a warm-up at the same rate. */
    private static FixedRateDriver.Result paced(ColdLookups requests, List<String> names, Options options) throws Exception {
        List<HttpRequest> each = names.stream().map(n -> LoadDriver.get(requests.serviceBase() + n, "Authorization",
                requests.authorization())).toList();
        if (!options.warmup().isZero()) {
            FixedRateDriver.run(each, 200, CACHED_RATE_GOAL, options.warmup());
        }
        return FixedRateDriver.run(each, 200, CACHED_RATE_GOAL, options.measure());
    }

    private static LoadDriver.Result cached(ColdLookups requests, List<String> names, int concurrency, Options options)
            throws Exception {
        Optional<Path> wrk = WrkDriver.find();
        Map<String, String> headers = Map.of("Authorization", requests.authorization());
        if (wrk.isEmpty()) {
            System.out.println("cached look-ups: Java HttpClient on one name (install wrk to rotate over all names)");
            HttpRequest one = LoadDriver.get(requests.serviceBase() + names.getFirst(), "Authorization",
                    requests.authorization());
            LoadDriver.run(one, 200, concurrency, options.warmup());
            return LoadDriver.run(one, 200, concurrency, options.measure());
        }
        String paths = names.stream().map(n -> "\"" + URI.create(requests.serviceBase() + n).getPath() + "\"")
                .collect(Collectors.joining(","));
        String script = "local paths = {" + paths + "}\nlocal i = 0\n"
                + "request = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n";
        String url = requests.serviceBase() + names.getFirst();
        if (!options.warmup().isZero()) {
            WrkDriver.runScript(wrk.get(), url, headers, script, concurrency, options.warmup());
        }
        return WrkDriver.runScript(wrk.get(), url, headers, script, concurrency, options.measure());
    }

    private static List<String> names(String prefix, int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> String.format(Locale.ROOT, "%s%04d", prefix, i)).toList();
    }

    private static String recordedPackument() throws IOException {
        try (InputStream in = LookupBench.class.getClassLoader().getResourceAsStream("packages/npm-is-odd.json")) {
            if (in == null) {
                throw new IllegalStateException("packages/npm-is-odd.json is missing from the bench's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
