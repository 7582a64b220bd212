package dev.quintet.bench.router;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.quintet.bench.LoadDriver;
import java.util.Arrays;
import org.slf4j.LoggerFactory;

/**
 * The router's own time for each request of a round, read from its access log (which times a request from the first
 * platform filter to the end of its handler, the upstream call included) instead of printing it: what the router
 * spends apart from the sockets before and after it and the scheduling of the client's and the server's threads.
 */
final class HandlingTimes extends AppenderBase<ILoggingEvent> {

    private static final String ACCESS_LOG = "quintet.access";
    /** The access log's arguments: service, method, target, status, microseconds. */
    private static final int MICROS_ARGUMENT = 4;

    private long[] micros = new long[1 << 16];
    private int count;
    private boolean recording;

    private HandlingTimes() {
    }

    /** Takes over the access log of the apps in this JVM: its lines are counted here and no longer printed. */
    static HandlingTimes attach() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        HandlingTimes times = new HandlingTimes();
        times.setContext(context);
        times.start();
        Logger access = context.getLogger(ACCESS_LOG);
        access.setAdditive(false);
        access.addAppender(times);
        access.setLevel(Level.INFO);
        return times;
    }

    /** Starts a round. */
    synchronized void begin() {
        count = 0;
        recording = true;
    }

    /** Ends the round: p50 and p99 of its requests in µs, or null when the router logged none. */
    synchronized double[] end() {
        recording = false;
        if (count == 0) {
            return null;
        }
        long[] sorted = Arrays.copyOf(micros, count);
        Arrays.sort(sorted);
        return new double[] {LoadDriver.percentile(sorted, 0.50), LoadDriver.percentile(sorted, 0.99)};
    }

    @Override
    protected void append(ILoggingEvent event) {
        Object[] arguments = event.getArgumentArray();
        if (!recording || arguments == null || arguments.length <= MICROS_ARGUMENT
                || !(arguments[MICROS_ARGUMENT] instanceof Long time)) {
            return;
        }
        if (count == micros.length) {
            micros = Arrays.copyOf(micros, count * 2);
        }
        micros[count++] = time;
    }
}
