package dev.quintet.devices.live;

import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import tools.jackson.databind.node.ObjectNode;

/**
 * Hands each change of a device to the listeners of that device on this node. A change made inside a transaction
 * goes out once it commits, so listeners never see what was rolled back. Listeners must not block.
 */
public final class LiveFeed implements SmartLifecycle {

    /** A listener's registration; closing it stops the deliveries. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    private static final Logger log = LoggerFactory.getLogger(LiveFeed.class);

    private final Clock clock;
    private final ConcurrentMap<UUID, Set<Listener>> listeners = new ConcurrentHashMap<>();
    private volatile boolean running;

    public LiveFeed(Clock clock) {
        this.clock = clock;
    }

    /** Stamps {@code data} with {@code at} and delivers it to the device's listeners (after the commit, if any). */
    public void publish(UUID deviceId, String type, ObjectNode data) {
        if (!listeners.containsKey(deviceId)) {
            return;
        }
        LiveChange change = new LiveChange(deviceId, type, data.put("at", clock.instant().toString()));
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    deliver(change);
                }
            });
        } else {
            deliver(change);
        }
    }

    /**
     * Calls {@code onChange} with every change of the device until the subscription is closed; {@code onEnd} runs
     * once if the feed shuts down first.
     */
    public Subscription subscribe(UUID deviceId, Consumer<LiveChange> onChange, Runnable onEnd) {
        Listener listener = new Listener(onChange, onEnd);
        listeners.computeIfAbsent(deviceId, id -> ConcurrentHashMap.newKeySet()).add(listener);
        if (!running) {
            onEnd.run();
        }
        return () -> listeners.computeIfPresent(deviceId, (id, set) -> {
            set.remove(listener);
            return set.isEmpty() ? null : set;
        });
    }

    /** How many listeners are registered, over all devices. */
    public int listenerCount() {
        return listeners.values().stream().mapToInt(Set::size).sum();
    }

    private void deliver(LiveChange change) {
        Set<Listener> targets = listeners.get(change.deviceId());
        if (targets == null) {
            return;
        }
        for (Listener l : targets) {
            try {
                l.onChange().accept(change);
            } catch (RuntimeException e) {
                log.warn("A live listener of device {} failed: {}", change.deviceId(), e.toString());
            }
        }
    }

    @Override
    public void start() {
        running = true;
    }

    /** Ends every listener, so open streams finish before the web server waits for requests to complete. */
    @Override
    public void stop() {
        running = false;
        listeners.values().forEach(set -> set.forEach(l -> l.onEnd().run()));
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Compared by identity: the same callbacks may subscribe twice. */
    private static final class Listener {

        private final Consumer<LiveChange> onChange;
        private final Runnable onEnd;

        Listener(Consumer<LiveChange> onChange, Runnable onEnd) {
            this.onChange = onChange;
            this.onEnd = onEnd;
        }

        Consumer<LiveChange> onChange() {
            return onChange;
        }

        Runnable onEnd() {
            return onEnd;
        }
    }
}
