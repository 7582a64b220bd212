package dev.quintet.platform.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL kept under the data directory. If a Quintet process already runs a server on that directory, this one
 * attaches to it (so admin commands work beside a running server); if a server was left behind by a killed process,
 * it is shut down cleanly and started again. Durability settings are those of a production server. The server
 * stops when its owner closes this, never on its own when the JVM exits: the services write their last records
 * while their contexts close, which a server stopping beside them (as on an exit hook of its own) would refuse.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);
    private static final String LOCK_FILE = "epg-lock";

    private final EmbeddedPostgres owned;
    private final int port;

    private EmbeddedDatabase(EmbeddedPostgres owned, int port) {
        this.owned = owned;
        this.port = port;
    }

    /** Starts (or attaches to) the server whose files live in {@code directory}. */
    public static EmbeddedDatabase open(Path directory) {
        try {
            Files.createDirectories(directory);
            Optional<Postmaster> running = Postmaster.read(directory);
            if (running.isPresent() && running.get().alive()) {
                if (lockedByAnotherOwner(directory)) {
                    log.info("Using the PostgreSQL server already running on {} (port {})", directory, running.get().port());
                    return new EmbeddedDatabase(null, running.get().port());
                }
                log.warn("Stopping a PostgreSQL server left running on {} by a process that ended", directory);
                running.get().stop(Duration.ofSeconds(30));
            }
            EmbeddedPostgres pg = EmbeddedPostgres.builder()
                    .setDataDirectory(directory)
                    .setCleanDataDirectory(false)
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on")
                    .setServerConfig("listen_addresses", "localhost")
                    .setServerConfig("max_connections", "200")
                    // Tables written once per request (credit holds) are cleaned every 10 s instead of every minute,
                    // so their dead row versions stay few (see the platform migration V8).
                    .setServerConfig("autovacuum_naptime", "10s")
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setRegisterShutdownHook(false)
                    .start();
            return new EmbeddedDatabase(pg, pg.getPort());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL in " + directory, e);
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/postgres?user=postgres";
    }

    public int port() {
        return port;
    }

    /** True when this process started the server (and so stops it on close). */
    public boolean owned() {
        return owned != null;
    }

    @Override
    public void close() {
        if (owned != null) {
            try {
                owned.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static boolean lockedByAnotherOwner(Path directory) throws IOException {
        Path lockFile = directory.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (RandomAccessFile file = new RandomAccessFile(lockFile.toFile(), "rw")) {
            FileLock lock = file.getChannel().tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        }
    }

    /** The first lines of {@code postmaster.pid}: the server's process id and port. */
    record Postmaster(long pid, int port) {

        static Optional<Postmaster> read(Path directory) throws IOException {
            Path pidFile = directory.resolve("postmaster.pid");
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.size() < 4) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Postmaster(Long.parseLong(lines.get(0).trim()), Integer.parseInt(lines.get(3).trim())));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        boolean alive() {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }

        void stop(Duration wait) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroy();
                try {
                    p.onExit().get(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("PostgreSQL process " + pid + " did not stop", e);
                }
            });
        }
    }
}
