package dev.quintet.devices.live;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nodes' word to each other that a device's feed moved on: PostgreSQL {@code NOTIFY} on one channel, sent by the
 * transaction that wrote the changes (so it arrives only if they committed, and after they are readable). A notice
 * carries references, not changes: the sending node, then {@code <device>:<id>} of the last change of each device
 * the transaction touched, split so no payload passes {@value #MAX_PAYLOAD} bytes (PostgreSQL's limit is 8,000).
 * A node reads the changes themselves from the feed, only for devices it streams, in one query per burst of notices.
 *
 * <p>One thread per node holds a pooled connection that {@code LISTEN}s and hands each burst of other nodes' notices
 * to {@code onNotices} (its own changes were delivered locally already). Each time it starts listening, after a lost
 * connection too, it calls {@code onListening}, so the node reads what it may have missed meanwhile.
 */
final class LiveNotifications {

    static final String CHANNEL = "devices_live";
    static final int MAX_PAYLOAD = 7_900;
    private static final Logger log = LoggerFactory.getLogger(LiveNotifications.class);
    private static final int POLL_MILLIS = 500;

    private final DataSource dataSource;
    private final String self;
    private final Consumer<Map<UUID, Long>> onNotices;
    private final Runnable onListening;
    private volatile boolean running;
    private Thread thread;

    LiveNotifications(DataSource dataSource, String self, Consumer<Map<UUID, Long>> onNotices, Runnable onListening) {
        this.dataSource = dataSource;
        this.self = self;
        this.onNotices = onNotices;
        this.onListening = onListening;
    }

    /** The payloads announcing that each device's feed reached the given id, sent by {@code origin}. */
    static List<String> payloads(String origin, Map<UUID, Long> heads) {
        List<String> payloads = new ArrayList<>();
        StringBuilder payload = new StringBuilder(origin);
        for (Map.Entry<UUID, Long> head : heads.entrySet()) {
            String entry = " " + head.getKey() + ":" + head.getValue();
            if (payload.length() + entry.length() > MAX_PAYLOAD) {
                payloads.add(payload.toString());
                payload = new StringBuilder(origin);
            }
            payload.append(entry);
        }
        if (payload.length() > origin.length()) {
            payloads.add(payload.toString());
        }
        return payloads;
    }

    /** Adds the heads a payload announces to {@code into} (the highest id per device), unless {@code self} sent it. */
    static void read(String payload, String self, Map<UUID, Long> into) {
        String[] parts = payload.split(" ");
        if (parts[0].equals(self)) {
            return;
        }
        for (int i = 1; i < parts.length; i++) {
            int colon = parts[i].indexOf(':');
            try {
                into.merge(UUID.fromString(parts[i].substring(0, colon)), Long.parseLong(parts[i].substring(colon + 1)),
                        Math::max);
            } catch (RuntimeException e) {
                log.warn("Ignoring a malformed live feed notice: {}", parts[i]);
            }
        }
    }

    synchronized void start() {
        running = true;
        thread = Thread.ofPlatform().name("live-feed-notices").daemon().start(this::run);
    }

    synchronized void stop() {
        running = false;
        if (thread != null) {
            try {
                thread.join(POLL_MILLIS * 4L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread = null;
        }
    }

    private void run() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement listen = connection.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                }
                handle(onListening);
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notices = pg.getNotifications(POLL_MILLIS);
                    if (notices != null && notices.length > 0) {
                        Map<UUID, Long> heads = new HashMap<>();
                        for (PGNotification notice : notices) {
                            read(notice.getParameter(), self, heads);
                        }
                        if (!heads.isEmpty()) {
                            handle(() -> onNotices.accept(heads));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    log.warn("The live feed lost its notices connection; listening again in 1 s: {}", e.toString());
                    pause();
                }
            }
        }
    }

    /** Runs a handler; its failure is logged, and the connection (with the notices queued on it) is kept. */
    private static void handle(Runnable handler) {
        try {
            handler.run();
        } catch (RuntimeException e) {
            log.warn("The live feed could not read the changes it was told about: {}", e.toString());
        }
    }

    private void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
