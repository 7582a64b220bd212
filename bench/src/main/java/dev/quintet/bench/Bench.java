package dev.quintet.bench;

import dev.quintet.bench.capture.ExtractionBench;
import dev.quintet.bench.capture.RenderBench;
import dev.quintet.bench.devices.DevicesBench;
import dev.quintet.bench.events.EventsBench;
import dev.quintet.bench.packages.PackagesBench;
import dev.quintet.bench.platform.PlatformBench;
import dev.quintet.bench.router.RouterBench;
import java.util.Arrays;

/** Entry point: {@code bench <name> [options]}. */
public final class Bench {

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage();
            return;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "platform" -> PlatformBench.run(rest);
            case "devices" -> DevicesBench.run(BenchOptions.parse(rest));
            case "events" -> EventsBench.run(rest);
            case "router" -> RouterBench.run(BenchOptions.parse(rest));
            case "capture" -> RenderBench.run(rest);
            case "capture-extract" -> ExtractionBench.run(rest);
            case "packages" -> PackagesBench.run(rest);
            default -> usage();
        }
        System.exit(0);
    }

    private static void usage() {
        System.err.println("usage: ./quintet bench platform|router|devices|events [--seconds=10] [--warmup=5] (events: also --events=N,"
                + " platform: also --same-wire)\n"
                + "       ./quintet bench capture [--seconds=20] [--warmup=5] [--renders=300]\n"
                + "       ./quintet bench capture-extract [--no-peer]\n"
                + "       ./quintet bench packages [--skip-lookups] [--names=300] [--slow-names=100] [--delay-ms=50] [--warmup=5]"
                + " [--seconds=10]\n"
                + "                                [--skip-debian] [--index-file=Packages.xz] [--suite=stable] [--cache-dir=DIR]");
        System.exit(2);
    }
}
