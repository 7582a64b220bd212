package dev.quintet.capture.files;

import java.security.SecureRandom;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code capture.files} table. Files live in PostgreSQL so that every node serves every file; an expired file
 * is never served and is deleted by {@link #deleteExpired()}.
 */
public final class CapturedFiles {

    private static final char[] ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final int ID_LENGTH = 26;

    private final JdbcClient jdbc;
    private final Clock clock;
    private final SecureRandom random;

    public CapturedFiles(JdbcClient jdbc, Clock clock, SecureRandom random) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.random = random;
    }

    /** A new id: 26 base62 characters, about 155 random bits, so a file's URL cannot be guessed. */
    public String newId() {
        char[] id = new char[ID_LENGTH];
        for (int i = 0; i < id.length; i++) {
            id[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(id);
    }

    public void save(CapturedFile file) {
        jdbc.sql("""
                INSERT INTO capture.files (id, account_id, cache_key, content_type, format, width, height, pages,
                    remote_status, source_url, body, created_at, expires_at)
                VALUES (:id, :account, :key, :type, :format, :width, :height, :pages, :status, :source, :body,
                    :created, :expires)""")
                .param("id", file.id()).param("account", file.accountId()).param("key", file.cacheKey())
                .param("type", file.contentType()).param("format", file.format()).param("width", file.width())
                .param("height", file.height()).param("pages", file.pages()).param("status", file.remoteStatus())
                .param("source", file.sourceUrl()).param("body", file.body())
                .param("created", Timestamp.from(file.createdAt())).param("expires", Timestamp.from(file.expiresAt()))
                .update();
    }

    /** The file, unless it is unknown or expired. */
    public Optional<CapturedFile> find(String id) {
        return jdbc.sql("SELECT * FROM capture.files WHERE id = :id AND expires_at > :now")
                .param("id", id).param("now", Timestamp.from(clock.instant()))
                .query(CapturedFiles::map).optional();
    }

    /** The newest unexpired file the account made with the same route and parameters. */
    public Optional<CapturedFile> cached(UUID accountId, byte[] cacheKey) {
        return jdbc.sql("""
                SELECT * FROM capture.files WHERE account_id = :account AND cache_key = :key AND expires_at > :now
                ORDER BY expires_at DESC LIMIT 1""")
                .param("account", accountId).param("key", cacheKey).param("now", Timestamp.from(clock.instant()))
                .query(CapturedFiles::map).optional();
    }

    /** Deletes expired files; returns how many. */
    public int deleteExpired() {
        return jdbc.sql("DELETE FROM capture.files WHERE expires_at <= :now")
                .param("now", Timestamp.from(clock.instant())).update();
    }

    private static CapturedFile map(ResultSet rs, int row) throws SQLException {
        return new CapturedFile(rs.getString("id"), rs.getObject("account_id", UUID.class), rs.getBytes("cache_key"),
                rs.getString("content_type"), rs.getString("format"), (Integer) rs.getObject("width"),
                (Integer) rs.getObject("height"), (Integer) rs.getObject("pages"), rs.getInt("remote_status"),
                rs.getString("source_url"), rs.getBytes("body"), rs.getTimestamp("created_at").toInstant(),
                rs.getTimestamp("expires_at").toInstant());
    }
}
