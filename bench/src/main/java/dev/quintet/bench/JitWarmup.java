package dev.quintet.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * A warm-up that lasts until the JIT compiler of this JVM, which runs the apps under test, has settled: rounds of
 * load until one spent less than {@value #SETTLED_SHARE} of its time compiling, after at least the minimum asked
 * for, at most {@link #MAXIMUM}. On two cores a fixed few seconds is not enough: after 5 s of refresh grants the C2
 * compiler still took about half a core (the Spring Security, Tomcat and JDBC paths are large), which a measured
 * run then paid for.
 */
public final class JitWarmup {

    /** Load for a given time. */
    public interface Round {
        void run(Duration length) throws Exception;
    }

    /** How the warm-up went: its length, and whether the compiler settled within {@link #MAXIMUM}. */
    public record Result(Duration took, double lastCompileShare, boolean settled) {

        @Override
        public String toString() {
            return String.format("warm-up %d s, compiler busy %.0f%% of the last round%s", took.toSeconds(),
                    lastCompileShare * 100, settled ? "" : " (not settled: the run measures some compiling)");
        }
    }

    static final double SETTLED_SHARE = 0.1;
    static final Duration ROUND = Duration.ofSeconds(5);
    static final Duration MAXIMUM = Duration.ofSeconds(120);

    private JitWarmup() {
    }

    /** Runs {@code round} for {@link #ROUND} at a time, for at least {@code minimum}, until the compiler settles. */
    public static Result run(Duration minimum, Round round) throws Exception {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        boolean timed = compiler != null && compiler.isCompilationTimeMonitoringSupported();
        long start = System.nanoTime();
        while (true) {
            long compiledBefore = timed ? compiler.getTotalCompilationTime() : 0;
            long roundStart = System.nanoTime();
            round.run(ROUND);
            double roundMillis = (System.nanoTime() - roundStart) / 1e6;
            double share = timed ? (compiler.getTotalCompilationTime() - compiledBefore) / roundMillis : 0;
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            boolean settled = share < SETTLED_SHARE;
            if ((settled && took.compareTo(minimum) >= 0) || took.compareTo(MAXIMUM) >= 0) {
                return new Result(took, share, settled);
            }
        }
    }
}
