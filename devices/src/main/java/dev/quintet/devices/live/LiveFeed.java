package dev.quintet.devices.live;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import javax.sql.DataSource;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Hands each change of a device to its listeners on every node. A change is written by the transaction that made it
 * (one made outside a transaction gets one of its own): at its end the changes of watched devices are numbered,
 * stored and announced to the other nodes with {@code NOTIFY}, so listeners never see what was rolled back, and
 * after the commit this node hands them to its own listeners. Other nodes read the changes they were told about,
 * for the devices they have listeners for; this node skips its own notices.
 *
 * <p>Ids rise by one per change of a device and mean the same on every node, so a listener coming back with the id
 * of the last change it saw, here or on another node, is handed what it missed, as long as the feed still holds it
 * all: changes are kept for {@code retention}, and a device stays watched while it has listeners on some node and for
 * {@code retention} after the last one left (see {@link LiveWatches}).
 */
public final class LiveFeed implements SmartLifecycle {

    /** How often {@link #maintain} must run. */
    public static final Duration RENEW_EVERY = LiveWatches.RENEW_EVERY;
    private static final int SWEEP_CHUNK = 10_000;

    private final FeedLocks locks;
    private final LiveLog log;
    private final LiveWatches watches;
    private final LiveNotifications notices;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final Duration retention;
    /** Tells this node's notices from the others'. */
    private final String origin = UUID.randomUUID().toString().substring(0, 13);
    private final ConcurrentMap<UUID, Device> devices = new ConcurrentHashMap<>();
    private volatile boolean running;

    public LiveFeed(JdbcClient jdbc, TransactionTemplate tx, DataSource dataSource, JsonMapper json, Clock clock,
                    Duration retention) {
        this.locks = new FeedLocks(jdbc);
        this.log = new LiveLog(jdbc, locks, json);
        this.watches = new LiveWatches(jdbc, tx, locks, log, clock);
        this.notices = new LiveNotifications(dataSource, origin, this::readChanges, this::maintain);
        this.tx = tx;
        this.clock = clock;
        this.retention = retention;
    }

    /** Stamps {@code data} with {@code at} and writes it to the device's feed with the current transaction. */
    public void publish(UUID deviceId, String type, ObjectNode data) {
        LiveChange change = new LiveChange(deviceId, type, data.put("at", clock.instant().toString()), 0);
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            tx.executeWithoutResult(s -> written().pending.add(change));
        } else {
            written().pending.add(change);
        }
    }

    /**
     * For a statement that changes one device's rows and whose transaction publishes the device's changes: an SQL
     * expression that takes the device's feed lock and reads its lease as a part of the statement, so the transaction
     * spares the round trip of doing so at its end. Select it as a column of a row the statement returns (it is
     * evaluated when a row is), bind its parameters with {@link #lockParameters}, and hand its value to
     * {@link #locked}.
     */
    public static final String LOCK = "(select head from devices.live_lock(:feed_class, array[:feed_bucket], array[:feed_device]))";

    /** Binds the parameters of {@link #LOCK} for the device. */
    public JdbcClient.StatementSpec lockParameters(JdbcClient.StatementSpec statement, UUID deviceId) {
        return statement.param("feed_class", locks.lockClass()).param("feed_bucket", FeedLocks.bucket(deviceId))
                .param("feed_device", deviceId);
    }

    /**
     * Tells the current transaction that a statement took the device's feed lock ({@link #LOCK}), which found
     * {@code head} (null when nobody watches the device).
     */
    public void locked(UUID deviceId, Long head) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("a feed lock lasts as long as its transaction: take it in one");
        }
        Written written = written();
        written.locked.add(deviceId);
        if (head != null) {
            written.heads.put(deviceId, head);
        }
    }

    /**
     * A listener of the device, watched from now on. {@code lastEventId}, the id of the last change a returning
     * listener saw (or null), decides what it gets first: the changes since, or a {@link LiveSubscription.Restart}.
     */
    public LiveSubscription subscribe(UUID deviceId, String lastEventId) {
        long head = watches.watch(deviceId, origin);
        LiveSubscription listener = new LiveSubscription(deviceId, log, this::leave);
        while (true) {
            Device device = devices.computeIfAbsent(deviceId, id -> new Device(head, clock.instant()));
            synchronized (device) {
                if (device.dropped) {
                    continue;
                }
                if (device.listeners.isEmpty()) {
                    device.fetched = Math.max(device.fetched, head);
                }
                device.listeners.add(listener);
                break;
            }
        }
        try {
            begin(listener, deviceId, lastEventId, head);
            readChanges(Map.of(deviceId, head));
        } catch (RuntimeException e) {
            listener.close();
            throw e;
        }
        if (!running) {
            listener.end();
        }
        return listener;
    }

    /** The id of the device's last change: read it in the same snapshot as the state a listener starts from. */
    public long head(UUID deviceId) {
        return log.head(deviceId);
    }

    /** How many listeners are registered on this node, over all devices. */
    public int listenerCount() {
        int count = 0;
        for (Device device : devices.values()) {
            synchronized (device) {
                count += device.listeners.size();
            }
        }
        return count;
    }

    /**
     * Renews the watches this node holds, restarting those that ran out, drops those idle past the retention, and
     * reads the changes its listeners may have missed (say while the notices connection was down); run every
     * {@link #RENEW_EVERY}, and each time the node starts listening for notices.
     */
    public void maintain() {
        Instant now = clock.instant();
        Set<UUID> wanted = new TreeSet<>();
        devices.forEach((id, device) -> {
            synchronized (device) {
                if (device.listeners.isEmpty() && !now.isBefore(device.idleSince.plus(retention))) {
                    device.dropped = true;
                    devices.remove(id, device);
                } else {
                    wanted.add(id);
                }
            }
        });
        if (wanted.isEmpty()) {
            return;
        }
        Map<UUID, Long> heads = new HashMap<>(watches.renew(wanted));
        for (UUID id : wanted) {
            if (!heads.containsKey(id)) {
                heads.put(id, watches.start(id, origin));
            }
        }
        readChanges(heads);
    }

    /**
     * Deletes the changes older than the retention, a chunk per statement, and the counters of deleted devices;
     * several nodes may sweep at once. Returns how many changes it deleted.
     */
    public int sweep() {
        Instant cutoff = clock.instant().minus(retention);
        int total = 0;
        int n;
        do {
            n = log.deleteBefore(cutoff, SWEEP_CHUNK);
            total += n;
        } while (n == SWEEP_CHUNK);
        watches.forgetDeleted();
        return total;
    }

    /**
     * Decides where a new listener starts. {@code head}, read once the device was watched, is at least the id of
     * any change the caller saw; the changes read after it must reach at least that far, with no gap and no mark.
     */
    private void begin(LiveSubscription listener, UUID deviceId, String lastEventId, long head) {
        if (lastEventId == null) {
            listener.restart(null);
            return;
        }
        long last;
        try {
            last = Long.parseLong(lastEventId.strip());
        } catch (NumberFormatException e) {
            listener.restart(LiveSubscription.Reset.UNKNOWN_ID);
            return;
        }
        if (last < 0 || last > head) {
            listener.restart(LiveSubscription.Reset.UNKNOWN_ID);
            return;
        }
        List<LiveChange> missed = log.after(deviceId, last, LiveSubscription.QUEUE + 1);
        if (missed.size() > LiveSubscription.QUEUE || missed.size() < head - last
                || !LiveSubscription.contiguous(missed, last)
                || missed.stream().anyMatch(c -> LiveChange.RESET.equals(c.type()))) {
            listener.restart(LiveSubscription.Reset.NOT_KEPT);
        } else {
            listener.resume(last, missed);
        }
    }

    private void leave(LiveSubscription listener) {
        Device device = devices.get(listener.deviceId());
        if (device == null) {
            return;
        }
        synchronized (device) {
            if (device.listeners.remove(listener) && device.listeners.isEmpty()) {
                device.idleSince = clock.instant();
            }
        }
    }

    /**
     * Reads and hands over the changes after what this node has of each device it has listeners for, up to the
     * {@code heads} it was told of, a page at a time (another page only for devices whose page was full).
     */
    private void readChanges(Map<UUID, Long> heads) {
        Map<UUID, Long> behind = behind(heads);
        while (!behind.isEmpty()) {
            Map<UUID, List<LiveChange>> read = log.after(behind, LiveSubscription.QUEUE);
            read.values().forEach(this::deliver);
            behind = behind(heads);
            behind.keySet().removeIf(id -> read.getOrDefault(id, List.of()).size() < LiveSubscription.QUEUE);
        }
    }

    /** Of the devices in {@code heads}, those with listeners here whose changes this node has not all read yet. */
    private Map<UUID, Long> behind(Map<UUID, Long> heads) {
        Map<UUID, Long> from = new HashMap<>();
        heads.forEach((id, head) -> {
            Device device = devices.get(id);
            if (device != null) {
                synchronized (device) {
                    if (!device.listeners.isEmpty() && head > device.fetched) {
                        from.put(id, device.fetched);
                    }
                }
            }
        });
        return from;
    }

    private void deliver(List<LiveChange> changes) {
        for (LiveChange change : changes) {
            Device device = devices.get(change.deviceId());
            if (device == null) {
                continue;
            }
            synchronized (device) {
                device.fetched = Math.max(device.fetched, change.id());
                for (LiveSubscription listener : device.listeners) {
                    listener.offer(change);
                }
            }
        }
    }

    /** The changes the current transaction publishes, written at its end and delivered here after its commit. */
    private Written written() {
        Written written = (Written) TransactionSynchronizationManager.getResource(this);
        if (written == null) {
            written = new Written();
            TransactionSynchronizationManager.bindResource(this, written);
            TransactionSynchronizationManager.registerSynchronization(written);
        }
        return written;
    }

    @Override
    public void start() {
        running = true;
        notices.start();
    }

    /** Ends every listener, so open streams finish before the web server waits for requests to complete. */
    @Override
    public void stop() {
        running = false;
        notices.stop();
        List<LiveSubscription> all = new ArrayList<>();
        for (Device device : devices.values()) {
            synchronized (device) {
                all.addAll(device.listeners);
            }
        }
        all.forEach(LiveSubscription::end);
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private final class Written implements TransactionSynchronization {

        final List<LiveChange> pending = new ArrayList<>();
        /** The devices whose feed lock a statement of the transaction took, and the heads of the watched ones. */
        final Set<UUID> locked = new HashSet<>();
        final Map<UUID, Long> heads = new HashMap<>();
        List<LiveChange> numbered = List.of();

        @Override
        public void beforeCommit(boolean readOnly) {
            if (pending.isEmpty()) {
                return;
            }
            Set<UUID> unlocked = new HashSet<>();
            pending.forEach(c -> {
                if (!locked.contains(c.deviceId())) {
                    unlocked.add(c.deviceId());
                }
            });
            if (!unlocked.isEmpty()) {
                heads.putAll(log.lock(unlocked));
            }
            if (!heads.isEmpty()) {
                numbered = log.append(pending, heads, origin);
            }
        }

        @Override
        public void afterCommit() {
            deliver(numbered);
        }

        @Override
        public void afterCompletion(int status) {
            TransactionSynchronizationManager.unbindResourceIfPossible(LiveFeed.this);
        }
    }

    /** One device's listeners on this node; guarded by its own monitor. */
    private static final class Device {

        final Set<LiveSubscription> listeners = new HashSet<>();
        /** The last id handed to the listeners, or the head when the first of them joined. */
        long fetched;
        Instant idleSince;
        boolean dropped;

        Device(long fetched, Instant idleSince) {
            this.fetched = fetched;
            this.idleSince = idleSince;
        }
    }
}
