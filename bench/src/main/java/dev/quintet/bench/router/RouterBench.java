package dev.quintet.bench.router;

import dev.quintet.bench.BenchOptions;
import dev.quintet.bench.JitWarmup;
import dev.quintet.bench.LoadDriver;
import dev.quintet.bench.MachineCpu;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ./quintet bench router}: chat completions over loopback against a zero-delay fake upstream, called
 * directly, through the router and, when Node is installed, through the Portkey gateway, all in the same run:
 * added latency at concurrency 1, throughput at concurrency 64, the added time to first token of a stream, and
 * memory with {@value #OPEN_STREAMS} streams held open. Rounds alternate between the targets; the median round
 * is reported.
 */
public final class RouterBench {

    static final int OPEN_STREAMS = 2_000;
    private static final int ROUNDS = 3;
    private static final Duration STREAMS_TIMEOUT = Duration.ofMinutes(3);

    private RouterBench() {
    }

    /** A chat request for {@code model}: one short user message. */
    static String body(String model, boolean stream) {
        return "{\"model\":\"" + model + "\"," + (stream ? "\"stream\":true," : "")
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";
    }

    public static void run(BenchOptions options) throws Exception {
        if (System.getProperty(ProviderJvm.PROPERTY) != null) {
            FakeOpenAi.serveUntilInputEnds();
            return;
        }
        if (System.getProperty(ClientJvm.PROPERTY) != null) {
            ClientJvm.serve();
            return;
        }
        Optional<Path> npx = PortkeyGateway.npx();
        try (ProviderJvm fake = ProviderJvm.start();
             ClientJvm client = ClientJvm.start();
             RouterUnderTest router = RouterUnderTest.start(fake.baseUrl());
             PortkeyGateway portkey = npx.isPresent() ? PortkeyGateway.start(npx.get()) : null) {
            Target direct = new Target("direct to the fake upstream", fake.baseUrl() + "/chat/completions",
                    Map.of("Authorization", "Bearer sk-bench", "Content-Type", "application/json"), "");
            Map<String, String> routerHeaders = Map.of("Authorization", "Bearer " + router.key(),
                    "Content-Type", "application/json");
            Target viaRouter = new Target("through the router, paid model", router.chatUrl(), routerHeaders, "bench/");
            Target viaRouterFree = new Target("through the router, free model", router.chatUrl(), routerHeaders, "free/");
            List<Target> targets = new ArrayList<>(List.of(direct, viaRouter, viaRouterFree));
            Target viaPortkey = null;
            if (portkey != null) {
                viaPortkey = new Target("through Portkey " + PortkeyGateway.PACKAGE.substring(PortkeyGateway.PACKAGE.lastIndexOf('@') + 1),
                        portkey.chatUrl(), PortkeyGateway.headers(fake.baseUrl()), "");
                targets.add(viaPortkey);
            } else {
                System.out.println("Portkey: skipped (no npx on the PATH: install Node 20+ to compare with the Portkey gateway)");
            }
            System.out.println("load driver: one connection from a client JVM of its own at concurrency 1, "
                    + (Target.WRK.isPresent() ? "wrk" : "Java HttpClient (install wrk for a lighter client)")
                    + " at 64; " + ROUNDS + " alternating rounds of " + options.measure().toSeconds() + " s, median round");
            Report report = new Report(direct, viaRouter, viaRouterFree, viaPortkey);
            HandlingTimes handling = HandlingTimes.attach();
            Map<Target, double[]> inside = new LinkedHashMap<>();
            report.plain(1, medianRounds(targets, 1, client, options, handling, inside), inside);
            report.plain(64, medianRounds(targets, 64, client, options, handling, new LinkedHashMap<>()), Map.of());
            List<Target> streaming = streamingTargets(targets, viaPortkey);
            report.firstToken(firstTokens(streaming, options));
            Map<Target, Long> memory = new LinkedHashMap<>();
            System.out.println("\n(memory: measured through the free model only, which shows what the streams themselves"
                    + " cost; a paid stream adds one credit hold to the same work)");
            for (Target t : streaming) {
                if (t != viaRouter) {
                    memory.put(t, openStreams(t, fake, t == viaPortkey ? portkey : null));
                }
            }
            report.memory(memory);
            report.goals();
        }
    }

    /** One measured round: what the client saw, and the router's own p50 and p99 (null when it served none). */
    private record Round(LoadDriver.Result load, double[] inside) {
    }

    /**
     * The median round (by req/s) of each target, and into {@code inside} the router's own p50 and p99 in that round
     * (from {@code handling}) for the targets it served.
     */
    private static Map<Target, LoadDriver.Result> medianRounds(List<Target> targets, int concurrency, ClientJvm client,
                                                               BenchOptions options, HandlingTimes handling,
                                                               Map<Target, double[]> inside) throws Exception {
        Map<Target, List<Round>> rounds = new LinkedHashMap<>();
        JitWarmup.Result warmup = JitWarmup.run(options.warmup(), length -> {
            for (Target t : targets) {
                t.load(concurrency, length.dividedBy(targets.size()), client);
            }
        });
        System.out.println("(concurrency " + concurrency + ": " + warmup + ")");
        for (Target t : targets) {
            rounds.put(t, new ArrayList<>());
        }
        MachineCpu machine = MachineCpu.start();
        for (int round = 0; round < ROUNDS; round++) {
            for (Target t : targets) {
                handling.begin();
                LoadDriver.Result load = t.load(concurrency, options.measure(), client);
                rounds.get(t).add(new Round(load, handling.end()));
            }
        }
        machine.stolenShare().ifPresent(stolen -> System.out.printf("(concurrency %d: the hypervisor took %.1f%% of"
                + " the machine's CPU time during the measured rounds)%n", concurrency, stolen * 100));
        Map<Target, LoadDriver.Result> medians = new LinkedHashMap<>();
        rounds.forEach((t, measured) -> {
            Round median = measured.stream()
                    .sorted(java.util.Comparator.comparingDouble(r -> r.load().requestsPerSecond()))
                    .toList().get(measured.size() / 2);
            medians.put(t, median.load());
            if (median.inside() != null) {
                inside.put(t, median.inside());
            }
        });
        return medians;
    }

    /** The targets that stream: all but a peer whose first stream fails, which is said and left out. */
    private static List<Target> streamingTargets(List<Target> targets, Target peer) throws Exception {
        List<Target> streaming = new ArrayList<>();
        for (Target t : targets) {
            try (StreamProbe probe = t.probe()) {
                probe.timeToFirstContent(t.model("fast"), Duration.ofMillis(1));
                streaming.add(t);
            } catch (java.io.IOException e) {
                if (t != peer) {
                    throw e;
                }
                System.out.println("\n" + t.name() + ": streaming fails (" + e.getMessage().strip()
                        + "); left out of the streaming figures");
            }
        }
        return streaming;
    }

    /** Median round of time to first content (p50 and p99, µs) of streams sent one at a time. */
    private static Map<Target, double[]> firstTokens(List<Target> targets, BenchOptions options) throws Exception {
        Map<Target, List<double[]>> rounds = new LinkedHashMap<>();
        for (Target t : targets) {
            try (StreamProbe probe = t.probe()) {
                probe.timeToFirstContent(t.model("pause"), options.warmup());
            }
            rounds.put(t, new ArrayList<>());
        }
        for (int round = 0; round < ROUNDS; round++) {
            for (Target t : targets) {
                try (StreamProbe probe = t.probe()) {
                    rounds.get(t).add(probe.timeToFirstContent(t.model("pause"), options.measure()));
                }
            }
        }
        Map<Target, double[]> medians = new LinkedHashMap<>();
        rounds.forEach((t, results) -> medians.put(t, results.stream()
                .sorted(java.util.Comparator.comparingDouble(r -> r[0])).toList().get(results.size() / 2)));
        return medians;
    }

    /**
     * Bytes that {@value #OPEN_STREAMS} open streams add: to this JVM's heap after a full GC (the client and the
     * router live here; the fake provider has a JVM of its own), or, for an external gateway, to its resident memory.
     */
    private static long openStreams(Target t, ProviderJvm fake, PortkeyGateway external) throws Exception {
        long before = external != null ? external.residentBytes() : heapAfterGc();
        try (StreamProbe probe = t.probe()) {
            StreamProbe.OpenStreams open = probe.openStreams(t.model("hold"), OPEN_STREAMS, STREAMS_TIMEOUT);
            long deadline = System.nanoTime() + STREAMS_TIMEOUT.toNanos();
            while (fake.held() < OPEN_STREAMS && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            long during = external != null ? external.residentBytes() : heapAfterGc();
            fake.release();
            open.awaitEnd(STREAMS_TIMEOUT);
            return during - before;
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
