package dev.quintet.platform.tasks;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs a task every {@code interval} (fixed delay, on one daemon thread named after it) while the app runs: declared
 * as a bean, it starts and stops with its context. A failed run is logged and the next one comes as usual. Tasks
 * that several nodes may run at once must be safe to (conditional updates, {@code SKIP LOCKED} claims).
 */
public final class PeriodicTask implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final Duration interval;
    private final Runnable task;
    private ScheduledExecutorService scheduler;

    public PeriodicTask(String name, Duration interval, Runnable task) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the interval of " + name + " must be positive, got " + interval);
        }
        this.name = name;
        this.interval = interval;
        this.task = task;
    }

    @Override
    public synchronized void start() {
        scheduler = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name(name).daemon().factory());
        scheduler.scheduleWithFixedDelay(this::runLogged, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void runLogged() {
        try {
            task.run();
        } catch (RuntimeException e) {
            log.warn("{} failed; it runs again in {}: {}", name, interval, e.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return scheduler != null;
    }
}
