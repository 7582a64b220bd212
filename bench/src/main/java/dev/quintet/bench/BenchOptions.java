package dev.quintet.bench;

import java.time.Duration;

/** How long to warm up and to measure each scenario. */
public record BenchOptions(Duration warmup, Duration measure) {

    public static BenchOptions parse(String[] args) {
        Duration warmup = Duration.ofSeconds(5);
        Duration measure = Duration.ofSeconds(10);
        for (String arg : args) {
            if (arg.startsWith("--seconds=")) {
                measure = Duration.ofSeconds(Long.parseLong(arg.substring("--seconds=".length())));
            } else if (arg.startsWith("--warmup=")) {
                warmup = Duration.ofSeconds(Long.parseLong(arg.substring("--warmup=".length())));
            } else {
                throw new IllegalArgumentException("unknown option " + arg + "; use --seconds=N --warmup=N");
            }
        }
        return new BenchOptions(warmup, measure);
    }
}
