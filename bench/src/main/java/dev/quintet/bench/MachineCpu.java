package dev.quintet.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * The CPU time the whole machine spent while something ran (every process: the service, its database, the load
 * client), from the kernel's {@code /proc/stat}; divided by the work done it gives the work's cost, which varies
 * far less between runs than throughput does on a small, shared machine. On a virtual machine it also gives the
 * share of the time the hypervisor ran something else while the machine's CPUs had work ("steal"), which lengthens
 * whatever waits for a CPU. Empty where there is no {@code /proc/stat}.
 */
public final class MachineCpu {

    private static final Path STAT = Path.of("/proc/stat");
    /** Kernel ticks per second ({@code USER_HZ}); 100 on Linux for every architecture the JDK runs on. */
    private static final double TICKS_PER_SECOND = 100;
    /** Fields of the {@code cpu} line: user, nice, system, idle, iowait, irq, softirq, steal. */
    private static final int IDLE = 3;
    private static final int IOWAIT = 4;
    private static final int STEAL = 7;
    private static final int FIELDS = 8;

    private final long[] atStart;

    private MachineCpu(long[] atStart) {
        this.atStart = atStart;
    }

    /** Starts counting. */
    public static MachineCpu start() {
        return new MachineCpu(ticks());
    }

    /** The machine's busy CPU seconds since {@link #start} (every field but idle and iowait), if known. */
    public OptionalDouble busySeconds() {
        long[] since = since();
        if (since == null) {
            return OptionalDouble.empty();
        }
        long busy = 0;
        for (int i = 0; i < FIELDS; i++) {
            if (i != IDLE && i != IOWAIT) {
                busy += since[i];
            }
        }
        return OptionalDouble.of(busy / TICKS_PER_SECOND);
    }

    /** The share of all CPU time since {@link #start} that the hypervisor took (steal), if known. */
    public OptionalDouble stolenShare() {
        long[] since = since();
        long all = since == null ? 0 : Arrays.stream(since).sum();
        return all == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) since[STEAL] / all);
    }

    /** Ticks of each field since {@link #start}; null when unreadable. */
    private long[] since() {
        long[] now = ticks();
        if (atStart == null || now == null) {
            return null;
        }
        long[] since = new long[FIELDS];
        Arrays.setAll(since, i -> now[i] - atStart[i]);
        return since;
    }

    /** The first {@value #FIELDS} fields of the {@code cpu} line (all cores); null when unreadable. */
    private static long[] ticks() {
        try {
            String line = Files.readAllLines(STAT).getFirst();
            long[] fields = Arrays.stream(line.trim().split("\\s+")).skip(1).limit(FIELDS)
                    .mapToLong(Long::parseLong).toArray();
            return fields.length == FIELDS ? fields : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
