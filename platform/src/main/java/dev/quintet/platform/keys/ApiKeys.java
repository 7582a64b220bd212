package dev.quintet.platform.keys;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.ByteBuffer;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.random.RandomGenerator;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code platform.api_keys} table. Only the SHA-256 of a key is stored. Look-ups made while authenticating are
 * cached for a short time (the key cache TTL); revoking through this object takes effect at once in this process
 * and within that TTL in any other.
 */
public final class ApiKeys {

    private static final String COLUMNS = """
            k.id, k.account_id, k.prefix, k.last_four, k.label, k.services, k.created_at, k.last_used_at,
            k.revoked_at, k.expires_at, k.kind""";

    /** How long expired console keys (and their usage counts) are kept. */
    public static final Duration CONSOLE_KEYS_KEPT = Duration.ofDays(32);

    private final JdbcClient jdbc;
    private final Clock clock;
    private final RandomGenerator random;
    private final Cache<ByteBuffer, Optional<Holder>> cache;

    public ApiKeys(JdbcClient jdbc, Clock clock, RandomGenerator random, Duration cacheTtl) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.random = random;
        this.cache = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(cacheTtl).build();
    }

    /** The key as found for authentication, with its account's plan and status. */
    public record Holder(ApiKey key, String plan, String accountStatus) {
    }

    public IssuedKey create(UUID accountId, String label, List<String> services) {
        List<String> checked = Services.check(services);
        String cleanLabel = label == null || label.isBlank() ? "default" : label.strip();
        if (cleanLabel.length() > 100) {
            throw new IllegalArgumentException("label must be at most 100 characters");
        }
        return insert(accountId, cleanLabel, checked, "user", null);
    }

    /**
     * A key the console uses to call {@code service} for the account's owner while they look at a page: valid for
     * {@code ttl}, left out of {@link #ofAccount}. Console keys that expired more than {@link #CONSOLE_KEYS_KEPT}
     * ago are dropped, with their usage counts, which by then are older than any usage shown.
     */
    public IssuedKey createForConsole(UUID accountId, String service, Duration ttl) {
        List<String> checked = Services.check(List.of(service));
        Instant now = clock.instant();
        jdbc.sql("""
                DELETE FROM platform.api_keys
                WHERE account_id = :account AND kind = 'console' AND expires_at < :before""")
                .param("account", accountId).param("before", Timestamp.from(now.minus(CONSOLE_KEYS_KEPT)))
                .update();
        return insert(accountId, "console", checked, "console", now.plus(ttl));
    }

    /** True once the key's validity has run out; keys made in the console by a person never expire. */
    public boolean expired(ApiKey key) {
        return key.expiresAt() != null && !clock.instant().isBefore(key.expiresAt());
    }

    private IssuedKey insert(UUID accountId, String label, List<String> services, String kind, Instant expiresAt) {
        String secret = KeyFormat.generate(random);
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                INSERT INTO platform.api_keys (id, account_id, prefix, last_four, key_hash, label, services, created_at,
                    kind, expires_at)
                VALUES (:id, :account, :prefix, :lastFour, :hash, :label, :services, :now, :kind, :expires)
                """)
                .param("id", id).param("account", accountId)
                .param("prefix", KeyFormat.displayPrefix(secret)).param("lastFour", KeyFormat.lastFour(secret))
                .param("hash", KeyFormat.hash(secret)).param("label", label)
                .param("services", services.toArray(String[]::new))
                .param("now", Timestamp.from(clock.instant())).param("kind", kind)
                .param("expires", expiresAt == null ? null : Timestamp.from(expiresAt))
                .update();
        return new IssuedKey(byId(id).orElseThrow(), secret);
    }

    /** Finds a well-formed key by its secret; the answer is cached for the key cache TTL. */
    public Optional<Holder> authenticate(String secret) {
        ByteBuffer hash = ByteBuffer.wrap(KeyFormat.hash(secret));
        return cache.get(hash, h -> jdbc.sql("SELECT " + COLUMNS + """
                        , a.plan, a.status FROM platform.api_keys k
                        JOIN platform.accounts a ON a.id = k.account_id WHERE k.key_hash = :hash""")
                .param("hash", h.array())
                .query((rs, row) -> new Holder(map(rs, row), rs.getString("plan"), rs.getString("status")))
                .optional());
    }

    public Optional<ApiKey> byId(UUID id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM platform.api_keys k WHERE k.id = :id")
                .param("id", id).query(ApiKeys::map).optional();
    }

    public List<ApiKey> ofAccount(UUID accountId) {
        return jdbc.sql("SELECT " + COLUMNS + """
                 FROM platform.api_keys k
                WHERE k.account_id = :account AND k.kind = 'user' ORDER BY k.created_at DESC""")
                .param("account", accountId).query(ApiKeys::map).list();
    }

    /** Active keys whose shown prefix is {@code prefix}. */
    public List<ApiKey> activeByPrefix(String prefix) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM platform.api_keys k WHERE k.prefix = :prefix AND k.revoked_at IS NULL")
                .param("prefix", prefix).query(ApiKeys::map).list();
    }

    /** Revokes one of the account's keys; false when there is no such active key. */
    public boolean revoke(UUID accountId, UUID keyId) {
        int changed = jdbc.sql("""
                UPDATE platform.api_keys SET revoked_at = :now
                WHERE id = :id AND account_id = :account AND revoked_at IS NULL""")
                .param("now", Timestamp.from(clock.instant())).param("id", keyId).param("account", accountId)
                .update();
        cache.invalidateAll();
        return changed == 1;
    }

    /** Forgets cached look-ups, e.g. after an account's status changed. */
    public void forgetCached() {
        cache.invalidateAll();
    }

    /** Records when keys were last used (called by the usage flush, not per request). */
    public void touch(UUID keyId, Instant when) {
        jdbc.sql("""
                UPDATE platform.api_keys SET last_used_at = :when
                WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :when)""")
                .param("when", Timestamp.from(when)).param("id", keyId).update();
    }

    static ApiKey map(ResultSet rs, int row) throws SQLException {
        Array services = rs.getArray("services");
        return new ApiKey(
                rs.getObject("id", UUID.class),
                rs.getObject("account_id", UUID.class),
                rs.getString("prefix"),
                rs.getString("last_four"),
                rs.getString("label"),
                List.of((String[]) services.getArray()),
                instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("last_used_at")),
                instant(rs.getTimestamp("revoked_at")),
                instant(rs.getTimestamp("expires_at")),
                "console".equals(rs.getString("kind")));
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
