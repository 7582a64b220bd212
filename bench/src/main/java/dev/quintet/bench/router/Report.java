package dev.quintet.bench.router;

import dev.quintet.bench.LoadDriver;
import java.util.LinkedHashMap;
import java.util.Map;

/** Prints the benchmark's tables, each figure beside the direct call's, and how the router meets its goals. */
final class Report {

    /** A direct call's p99 above this says the machine's noise, not the router, decides the p99 figures. */
    private static final double NOISE_MICROS = 2_000;

    private final Target direct;
    private final Target paid;
    private final Target free;
    private final Target peer;
    private final Map<Target, Double> addedP99 = new LinkedHashMap<>();
    private final Map<Target, Double> throughputRatio = new LinkedHashMap<>();
    private final Map<Target, Double> addedFirstToken = new LinkedHashMap<>();
    private double directP99;

    /** {@code peer} may be null when no peer gateway runs. */
    Report(Target direct, Target paid, Target free, Target peer) {
        this.direct = direct;
        this.paid = paid;
        this.free = free;
        this.peer = peer;
    }

    /** {@code inside}: the router's own p50 and p99 in the same rounds, for the targets it served. */
    void plain(int concurrency, Map<Target, LoadDriver.Result> results, Map<Target, double[]> inside) {
        System.out.printf("%nPlain chat completions, concurrency %d%n", concurrency);
        System.out.println("| target | req/s | p50 µs | p99 µs | added p50 µs | added p99 µs |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        LoadDriver.Result base = results.get(direct);
        results.forEach((t, r) -> System.out.printf("| %s | %.0f | %.0f | %.0f | %s | %s |%n", t.name(),
                r.requestsPerSecond(), r.p50Micros(), r.p99Micros(), added(t, r.p50Micros() - base.p50Micros()),
                added(t, r.p99Micros() - base.p99Micros())));
        inside.forEach((t, own) -> System.out.printf("%s, inside the router (its access log: from the first filter to"
                + " the end of the handler, the upstream call included): p50 %.0f µs, p99 %.0f µs%n", t.name(), own[0], own[1]));
        for (Target router : new Target[] {paid, free}) {
            if (concurrency == 1) {
                directP99 = base.p99Micros();
                addedP99.put(router, results.get(router).p99Micros() - base.p99Micros());
            } else if (peer != null) {
                throughputRatio.put(router, results.get(router).requestsPerSecond() / results.get(peer).requestsPerSecond());
            }
        }
    }

    void firstToken(Map<Target, double[]> results) {
        System.out.printf("%nStreaming: time to first content, one stream at a time (the upstream pauses %d ms after it)%n",
                FakeOpenAi.PAUSE_MILLIS);
        System.out.println("| target | p50 µs | p99 µs | added p50 µs | added p99 µs |");
        System.out.println("|---|---:|---:|---:|---:|");
        double[] base = results.get(direct);
        results.forEach((t, r) -> System.out.printf("| %s | %.0f | %.0f | %s | %s |%n", t.name(), r[0], r[1],
                added(t, r[0] - base[0]), added(t, r[1] - base[1])));
        addedFirstToken.put(paid, results.get(paid)[0] - base[0]);
        addedFirstToken.put(free, results.get(free)[0] - base[0]);
    }

    void memory(Map<Target, Long> grown) {
        System.out.printf("%nMemory with %d streams held open%n", RouterBench.OPEN_STREAMS);
        System.out.println("| target | what grew | MB | KB per stream |");
        System.out.println("|---|---|---:|---:|");
        grown.forEach((t, bytes) -> row(t.name(), t == peer ? "gateway's resident memory" : "bench JVM heap after GC", bytes));
        row("the router's share", "heap after GC, through the router minus direct", grown.get(free) - grown.get(direct));
    }

    void goals() {
        System.out.println();
        for (Target router : new Target[] {paid, free}) {
            double p99 = addedP99.get(router);
            double first = addedFirstToken.get(router);
            System.out.printf("Goals, %s: added p99 at concurrency 1 %.0f µs (goal < 500: %s); %s; first content %s"
                            + " (added p50 %.0f µs against a %d ms upstream pause)%n", router.name(), p99,
                    p99 >= 500 ? "NOT met" : directP99 > NOISE_MICROS ? String.format(
                            "not measurable here, the direct call's own p99 is %.0f µs", directP99) : "met",
                    throughputRatio.containsKey(router)
                            ? String.format("throughput at concurrency 64 %.1fx Portkey's (goal >= 5x: %s)",
                            throughputRatio.get(router), throughputRatio.get(router) >= 5 ? "met" : "NOT met")
                            : "no peer throughput to compare",
                    first < FakeOpenAi.PAUSE_MILLIS * 500 ? "not buffered" : "BUFFERED", first, FakeOpenAi.PAUSE_MILLIS);
        }
    }

    private String added(Target t, double micros) {
        return t == direct ? "" : String.format("%+.0f", micros);
    }

    private static void row(String name, String what, long bytes) {
        System.out.printf("| %s | %s | %.1f | %.1f |%n", name, what, bytes / 1e6, bytes / 1024.0 / RouterBench.OPEN_STREAMS);
    }
}
