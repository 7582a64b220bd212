package dev.quintet.devices.live;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
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
 *
 * <p>Each delivered change gets an id, {@code <run>.<sequence>}, increasing for a device. The last
 * {@value #RECENT} changes of a device are kept while it has listeners and for {@link #RETAIN} after the last one
 * left, so a listener that comes back with the id of the last change it saw is handed what it missed, in order and
 * without a gap or a repeat. Ids of another run of this node (or of another node) cannot be resumed from.
 */
public final class LiveFeed implements SmartLifecycle {

    /** A listener's registration; closing it stops the deliveries. */
    public interface Subscription extends AutoCloseable {

        /**
         * The changes after the id the listener came back with, oldest first, or null when they are not all known
         * (no id, an id of another run, or older than what is kept): then the listener must start from the state.
         */
        List<LiveChange> missed();

        /** The id of the moment the listener joined: resuming from it hands over every change since. */
        String position();

        @Override
        void close();
    }

    static final int RECENT = 256;
    static final Duration RETAIN = Duration.ofMinutes(5);
    private static final Logger log = LoggerFactory.getLogger(LiveFeed.class);

    private final Clock clock;
    /** Tells this run's ids from those of an earlier run, whose sequence started over. */
    private final String run = Long.toString(System.currentTimeMillis(), 36);
    private final AtomicLong sequence = new AtomicLong();
    private final ConcurrentMap<UUID, Device> devices = new ConcurrentHashMap<>();
    private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());
    private volatile boolean running;

    public LiveFeed(Clock clock) {
        this.clock = clock;
    }

    /** Stamps {@code data} with {@code at} and delivers it to the device's listeners (after the commit, if any). */
    public void publish(UUID deviceId, String type, ObjectNode data) {
        if (!devices.containsKey(deviceId)) {
            return;
        }
        LiveChange change = new LiveChange(deviceId, type, data.put("at", clock.instant().toString()), null);
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
     * once if the feed shuts down first. {@code lastId}, the id of the last change a returning listener saw (or
     * null), decides what {@link Subscription#missed()} holds.
     */
    public Subscription subscribe(UUID deviceId, String lastId, Consumer<LiveChange> onChange, Runnable onEnd) {
        sweep();
        Listener listener = new Listener(onChange, onEnd);
        while (true) {
            Device device = devices.computeIfAbsent(deviceId, id -> new Device(sequence.get()));
            synchronized (device) {
                if (device.dropped) {
                    continue;
                }
                device.listeners.add(listener);
                List<LiveChange> missed = device.since(lastId, run);
                String position = run + "." + sequence.get();
                if (!running) {
                    onEnd.run();
                }
                return new Subscription() {
                    @Override
                    public List<LiveChange> missed() {
                        return missed;
                    }

                    @Override
                    public String position() {
                        return position;
                    }

                    @Override
                    public void close() {
                        synchronized (device) {
                            device.listeners.remove(listener);
                            if (device.listeners.isEmpty()) {
                                device.idleSince = System.nanoTime();
                            }
                        }
                    }
                };
            }
        }
    }

    /** How many listeners are registered, over all devices. */
    public int listenerCount() {
        int count = 0;
        for (Device device : devices.values()) {
            synchronized (device) {
                count += device.listeners.size();
            }
        }
        return count;
    }

    private void deliver(LiveChange change) {
        Device device = devices.get(change.deviceId());
        if (device == null) {
            return;
        }
        synchronized (device) {
            if (device.dropped) {
                return;
            }
            LiveChange numbered = change.numbered(run + "." + sequence.incrementAndGet());
            device.keep(numbered);
            for (Listener l : device.listeners) {
                try {
                    l.onChange().accept(numbered);
                } catch (RuntimeException e) {
                    log.warn("A live listener of device {} failed: {}", change.deviceId(), e.toString());
                }
            }
        }
    }

    /** At most once a minute, forgets the devices nobody has listened to for {@link #RETAIN}. */
    private void sweep() {
        long now = System.nanoTime();
        long last = lastSweep.get();
        if (now - last < Duration.ofMinutes(1).toNanos() || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        devices.forEach((id, device) -> {
            synchronized (device) {
                if (device.listeners.isEmpty() && now - device.idleSince >= RETAIN.toNanos()) {
                    device.dropped = true;
                    devices.remove(id, device);
                }
            }
        });
    }

    @Override
    public void start() {
        running = true;
    }

    /** Ends every listener, so open streams finish before the web server waits for requests to complete. */
    @Override
    public void stop() {
        running = false;
        List<Listener> all = new ArrayList<>();
        for (Device device : devices.values()) {
            synchronized (device) {
                all.addAll(device.listeners);
            }
        }
        all.forEach(l -> l.onEnd().run());
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** One device's listeners and recent changes; guarded by its own monitor. */
    private static final class Device {

        final Set<Listener> listeners = new HashSet<>();
        final ArrayDeque<LiveChange> recent = new ArrayDeque<>();
        /** The sequence at or below which changes are no longer (or were never) kept. */
        long floor;
        long idleSince = System.nanoTime();
        boolean dropped;

        Device(long floor) {
            this.floor = floor;
        }

        void keep(LiveChange change) {
            recent.addLast(change);
            if (recent.size() > RECENT) {
                floor = sequence(recent.removeFirst().id());
            }
        }

        /** The kept changes after {@code lastId}, or null when some of them may be missing. */
        List<LiveChange> since(String lastId, String run) {
            if (lastId == null || !lastId.startsWith(run + ".")) {
                return null;
            }
            long after;
            try {
                after = Long.parseLong(lastId.substring(run.length() + 1));
            } catch (NumberFormatException e) {
                return null;
            }
            if (after < floor) {
                return null;
            }
            return recent.stream().filter(c -> sequence(c.id()) > after).toList();
        }

        private static long sequence(String id) {
            return Long.parseLong(id.substring(id.indexOf('.') + 1));
        }
    }

    /** Compared by identity: the same callbacks may subscribe twice. */
    private record Listener(Consumer<LiveChange> onChange, Runnable onEnd) {

        @Override
        public boolean equals(Object other) {
            return this == other;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
