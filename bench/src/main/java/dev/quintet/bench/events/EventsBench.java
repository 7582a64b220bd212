package dev.quintet.bench.events;

import dev.quintet.bench.JitWarmup;
import dev.quintet.bench.MachineCpu;
import dev.quintet.console.ConsoleApplication;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.RegisteredClient;
import dev.quintet.events.EventsApplication;
import dev.quintet.events.catalog.EventSeeder;
import dev.quintet.events.catalog.Events;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code ./quintet bench events}: seeds N events (default 1,000,000) into a fresh embedded database and reports how
 * long that took; then, over loopback with a real access token from the console's authorization-code flow,
 * searches with mixed text, place, date and category queries at concurrency 1 and 8 (p50, p99, per kind too);
 * then refresh-token grants per second at the console's token endpoint, each worker chaining its own rotating
 * refresh token. Goals (issue #6): search p99 under 50 ms on 2 cores; at least 1,000 refreshes a second.
 */
public final class EventsBench {

    /** The benchmark's settings. */
    record Options(int events, long seed, Duration warmup, Duration measure, int refreshWorkers, String only) {

        /** The page-2 query of the mix (Sydney, one category, by distance) needs more than one page of matches. */
        static final int MIN_EVENTS = 20_000;
        static final String USAGE = "usage: ./quintet bench events [--events=1000000] [--seed=1] [--seconds=10] "
                + "[--warmup=5] [--refresh-workers=8] [--only=search|refresh]";

        static Options parse(String[] args) {
            int events = 1_000_000;
            long seed = 1;
            Duration warmup = Duration.ofSeconds(5);
            Duration measure = Duration.ofSeconds(10);
            int workers = 8;
            String only = "";
            for (String arg : args) {
                int eq = arg.indexOf('=');
                String name = eq < 0 ? arg : arg.substring(0, eq);
                String value = eq < 0 ? "" : arg.substring(eq + 1);
                try {
                    switch (name) {
                        case "--events" -> events = Integer.parseInt(value);
                        case "--seed" -> seed = Long.parseLong(value);
                        case "--seconds" -> measure = Duration.ofSeconds(Long.parseLong(value));
                        case "--warmup" -> warmup = Duration.ofSeconds(Long.parseLong(value));
                        case "--refresh-workers" -> workers = Integer.parseInt(value);
                        case "--only" -> only = value;
                        default -> throw new IllegalArgumentException("unknown option '" + arg + "'\n" + USAGE);
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'\n" + USAGE);
                }
            }
            if (events < MIN_EVENTS || events > 10_000_000 || workers < 1 || measure.isZero() || measure.isNegative()) {
                throw new IllegalArgumentException("--events must be " + MIN_EVENTS + "..10000000 (with fewer, the mix's"
                        + " page-2 query finds no second page), --refresh-workers and --seconds 1 or more\n" + USAGE);
            }
            if (!only.isEmpty() && !only.equals("search") && !only.equals("refresh")) {
                throw new IllegalArgumentException("--only must be search or refresh, got '" + only + "'\n" + USAGE);
            }
            return new Options(events, seed, warmup, measure, workers, only);
        }

        /** Whether {@code part} ({@code search} or {@code refresh}) is measured. */
        boolean runs(String part) {
            return only.isEmpty() || only.equals(part);
        }
    }

    private EventsBench() {
    }

    public static void run(String[] args) throws Exception {
        Options options = Options.parse(args);
        Path dataDir = Files.createTempDirectory("quintet-bench-events");
        System.out.printf("cores: %d, events: %,d, measure: %ds per run after a warm-up of at least %ds that lasts"
                        + " until the JIT compiler settles%n",
                Runtime.getRuntime().availableProcessors(), options.events(), options.measure().toSeconds(),
                options.warmup().toSeconds());
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                "--logging.level.root=warn", "--quintet.usage-flush-interval=1h")) {
            String console = base(platform, AppLauncher.startApp(platform, ConsoleApplication.class, "console", 0,
                    "--logging.level.quintet.access=warn"));
            String events = base(platform, AppLauncher.startApp(platform, EventsApplication.class, "events", 0,
                    "--logging.level.quintet.access=warn", "--quintet.events.issuer-uri=" + console));
            JdbcClient jdbc = platform.getBean(JdbcClient.class);
            Clock clock = platform.getBean(Clock.class);

            long seedStart = System.nanoTime();
            new EventSeeder(new Events(jdbc, clock), clock).seed(options.events(), options.seed());
            double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
            long analyzeStart = System.nanoTime();
            jdbc.sql("VACUUM ANALYZE events.events").update();
            jdbc.sql("VACUUM ANALYZE events.venues").update();
            jdbc.sql("VACUUM ANALYZE events.ticket_classes").update();
            double analyzeSeconds = (System.nanoTime() - analyzeStart) / 1e9;
            System.out.printf("seeded %,d events in %.1f s (%,.0f events/s), then VACUUM ANALYZE in %.1f s%n",
                    options.events(), seedSeconds, options.events() / seedSeconds, analyzeSeconds);

            Account person = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com",
                    ConsoleSession.PASSWORD);
            String redirectUri = "http://127.0.0.1:9/callback";
            RegisteredClient app = new OAuthClients(jdbc, clock, new SecureRandom())
                    .register(person.id(), "Events bench", List.of(redirectUri), false);
            ConsoleSession session = ConsoleSession.logIn(console, person.email());
            int chains = Math.max(1, options.refreshWorkers());
            String access = session.authorize(app.client().clientId(), app.secret(), redirectUri).access();

            if (options.runs("search")) {
                search(events, access, options);
            }
            if (!options.runs("refresh")) {
                return;
            }
            System.out.println();
            JitWarmup.Result warmup = JitWarmup.run(options.warmup(),
                    length -> RefreshChains.of(session, app, redirectUri, chains, console).run(length));
            RefreshChains measured = RefreshChains.of(session, app, redirectUri, chains, console);
            MachineCpu cpu = MachineCpu.start();
            Latencies refresh = measured.run(options.measure());
            String cost = cpu.busySeconds().stream()
                    .mapToObj(seconds -> String.format(", machine CPU %.2f ms per refresh",
                            seconds * 1e3 / refresh.count()))
                    .findFirst().orElse("");
            System.out.printf("refresh-token grants (POST /oauth/token, client_secret_basic, %d chains): %.0f/s, "
                            + "p50 %.1f ms, p99 %.1f ms%s (%s)%n", chains, refresh.perSecond(), refresh.p50Millis(),
                    refresh.p99Millis(), cost, warmup);
            System.out.printf("goal: refreshes >= 1000/s (%.0f)%n", refresh.perSecond());
        }
    }

    private static void search(String events, String access, Options options) throws Exception {
        List<SearchMix.Query> queries = SearchMix.queries(events);
        SearchMix.check(queries, access);
        System.out.println();
        System.out.println("search (GET /v3/events/search/, " + queries.size() + " queries in rotation, page_size 50):");
        System.out.println("| concurrency | req/s | p50 ms | p99 ms | max ms |");
        System.out.println("|---:|---:|---:|---:|---:|");
        Map<Integer, SearchMix.Run> runs = new TreeMap<>();
        List<String> warmups = new ArrayList<>();
        for (int concurrency : new int[] {1, 8}) {
            warmups.add("concurrency " + concurrency + ": " + JitWarmup.run(options.warmup(),
                    length -> SearchMix.run(queries, access, concurrency, length)));
            SearchMix.Run run = SearchMix.run(queries, access, concurrency, options.measure());
            runs.put(concurrency, run);
            System.out.printf("| %d | %.0f | %.1f | %.1f | %.1f |%n", concurrency, run.all().perSecond(),
                    run.all().p50Millis(), run.all().p99Millis(), run.all().maxMillis());
        }
        System.out.println(String.join("; ", warmups));
        System.out.println();
        System.out.println("search by kind (p50 / p99 ms):");
        System.out.println("| kind | concurrency 1 | concurrency 8 |");
        System.out.println("|---|---:|---:|");
        for (String kind : runs.get(1).byKind().keySet()) {
            Latencies one = runs.get(1).byKind().get(kind);
            Latencies eight = runs.get(8).byKind().get(kind);
            System.out.printf("| %s | %.1f / %.1f | %.1f / %.1f |%n", kind, one.p50Millis(), one.p99Millis(),
                    eight.p50Millis(), eight.p99Millis());
        }
        System.out.printf("goal: search p99 < 50 ms (c=1: %.1f, c=8: %.1f)%n", runs.get(1).all().p99Millis(),
                runs.get(8).all().p99Millis());
    }

    private static String base(ConfigurableApplicationContext platform, ConfigurableApplicationContext app) {
        return AppLauncher.scheme(platform) + "://127.0.0.1:" + AppLauncher.port(app);
    }
}
