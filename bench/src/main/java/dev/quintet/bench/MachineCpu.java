package dev.quintet.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * The CPU time the whole machine spent while something ran (every process: the service, its database, the load
 * client), from the kernel's {@code /proc/stat}; divided by the work done it gives the work's cost, which varies
 * far less between runs than throughput does on a small, shared machine. Empty where there is no {@code /proc/stat}.
 */
public final class MachineCpu {

    private static final Path STAT = Path.of("/proc/stat");
    /** Kernel ticks per second ({@code USER_HZ}); 100 on Linux for every architecture the JDK runs on. */
    private static final double TICKS_PER_SECOND = 100;

    private final long busyAtStart;

    private MachineCpu(long busyAtStart) {
        this.busyAtStart = busyAtStart;
    }

    /** Starts counting. */
    public static MachineCpu start() {
        return new MachineCpu(busyTicks());
    }

    /** The machine's busy CPU seconds since {@link #start}, if known. */
    public OptionalDouble busySeconds() {
        long now = busyTicks();
        return busyAtStart < 0 || now < 0 ? OptionalDouble.empty()
                : OptionalDouble.of((now - busyAtStart) / TICKS_PER_SECOND);
    }

    /** Busy ticks of all cores: every field of the {@code cpu} line except idle and iowait; -1 when unreadable. */
    private static long busyTicks() {
        try {
            String line = Files.readAllLines(STAT).getFirst();
            long[] fields = Arrays.stream(line.trim().split("\\s+")).skip(1).mapToLong(Long::parseLong).toArray();
            long busy = 0;
            for (int i = 0; i < Math.min(fields.length, 8); i++) {
                if (i != 3 && i != 4) {
                    busy += fields[i];
                }
            }
            return busy;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
