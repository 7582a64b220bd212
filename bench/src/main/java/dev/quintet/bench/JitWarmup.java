package dev.quintet.bench;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A warm-up that lasts until the JIT compiler of the JVM running the apps under test has settled: rounds of
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

    static final double SETTLED_SHARE = 0.03;
    static final Duration ROUND = Duration.ofSeconds(5);
    static final Duration MAXIMUM = Duration.ofSeconds(120);

    private JitWarmup() {
    }

    /**
     * Runs {@code round} for {@link #ROUND} at a time, for at least {@code minimum}, until this JVM's compiler
     * settles.
     */
    public static Result run(Duration minimum, Round round) throws Exception {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        boolean timed = compiler != null && compiler.isCompilationTimeMonitoringSupported();
        return run(minimum, timed ? compiler::getTotalCompilationTime : () -> -1, round);
    }

    /**
     * Runs {@code round} for {@link #ROUND} at a time, for at least {@code minimum}, until the compiler whose total
     * milliseconds {@code compiledMillis} reads (-1: unknown, which ends the warm-up at {@code minimum}) settles.
     */
    public static Result run(Duration minimum, LongSupplier compiledMillis, Round round) throws Exception {
        long start = System.nanoTime();
        while (true) {
            long compiledBefore = compiledMillis.getAsLong();
            long roundStart = System.nanoTime();
            round.run(ROUND);
            double roundMillis = (System.nanoTime() - roundStart) / 1e6;
            long compiledAfter = compiledMillis.getAsLong();
            double share = compiledBefore < 0 || compiledAfter < 0 ? 0 : (compiledAfter - compiledBefore) / roundMillis;
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            boolean settled = share < SETTLED_SHARE;
            if ((settled && took.compareTo(minimum) >= 0) || took.compareTo(MAXIMUM) >= 0) {
                return new Result(took, share, settled);
            }
        }
    }

    /**
     * The compiler's total milliseconds as the Prometheus endpoint at {@code metricsUrl} reports them (Micrometer's
     * {@code jvm_compilation_time_ms_total}), for an app in another JVM; -1 when it cannot be read.
     */
    public static LongSupplier compiledMillisAt(String metricsUrl) {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create(metricsUrl)).build();
        return () -> {
            try {
                String body = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
                return body.lines().filter(line -> line.startsWith("jvm_compilation_time_ms_total"))
                        .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                        .findFirst().orElse(-1);
            } catch (IOException | RuntimeException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        };
    }
}
