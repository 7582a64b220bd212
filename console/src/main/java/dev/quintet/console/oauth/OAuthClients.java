package dev.quintet.console.oauth;

import dev.quintet.platform.db.AfterTransaction;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code console.oauth_clients} table. Redirect URIs must be absolute, without fragments, and HTTPS unless
 * they point at the loopback interface (RFC 8252 native apps).
 */
public final class OAuthClients {

    private static final String COLUMNS = "client_id, account_id, name, redirect_uris, public_client, created_at";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final SecureRandom random;
    private final List<Consumer<String>> changeListeners = new CopyOnWriteArrayList<>();

    public OAuthClients(JdbcClient jdbc, Clock clock, SecureRandom random) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.random = random;
    }

    public RegisteredClient register(UUID accountId, String name, List<String> redirectUris, boolean publicClient) {
        if (name == null || name.isBlank() || name.length() > 100) {
            throw new IllegalArgumentException("name must be 1..100 characters");
        }
        if (redirectUris.isEmpty()) {
            throw new IllegalArgumentException("redirect-uri is required at least once");
        }
        redirectUris.forEach(OAuthClients::checkRedirectUri);
        String clientId = "qc_" + token(16);
        String secret = publicClient ? null : "qcs_" + token(32);
        jdbc.sql("""
                INSERT INTO console.oauth_clients (client_id, account_id, name, secret_hash, redirect_uris, public_client, created_at)
                VALUES (:id, :account, :name, :hash, :uris, :public, :now)""")
                .param("id", clientId).param("account", accountId).param("name", name.strip())
                .param("hash", secret == null ? null : sha256(secret))
                .param("uris", redirectUris.toArray(String[]::new)).param("public", publicClient)
                .param("now", Timestamp.from(clock.instant()))
                .update();
        return new RegisteredClient(byId(clientId).orElseThrow(), secret);
    }

    public Optional<OAuthClient> byId(String clientId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM console.oauth_clients WHERE client_id = :id")
                .param("id", clientId)
                .query(OAuthClients::map)
                .optional();
    }

    /** The clients an account registered, newest first. */
    public List<OAuthClient> ofAccount(UUID accountId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM console.oauth_clients WHERE account_id = :account ORDER BY created_at DESC")
                .param("account", accountId)
                .query(OAuthClients::map)
                .list();
    }

    /** Deletes every client an account registered; returns how many there were. */
    public int deleteOfAccount(UUID accountId) {
        int deleted = jdbc.sql("DELETE FROM console.oauth_clients WHERE account_id = :account")
                .param("account", accountId).update();
        changed(null);
        return deleted;
    }

    /** Deletes a client the account registered, with its grants; false when the account has no such client. */
    public boolean delete(UUID accountId, String clientId) {
        boolean deleted = jdbc.sql("DELETE FROM console.oauth_clients WHERE client_id = :id AND account_id = :account")
                .param("id", clientId).param("account", accountId).update() == 1;
        changed(clientId);
        return deleted;
    }

    /**
     * Gives a confidential client of the account a new secret, returned once; the old one stops working at once in
     * this process and, where clients are kept for a while ({@link #onChange}), there too.
     */
    public Optional<RegisteredClient> rotateSecret(UUID accountId, String clientId) {
        String secret = "qcs_" + token(32);
        int rotated = jdbc.sql("""
                UPDATE console.oauth_clients SET secret_hash = :hash
                WHERE client_id = :id AND account_id = :account AND NOT public_client""")
                .param("hash", sha256(secret)).param("id", clientId).param("account", accountId).update();
        changed(clientId);
        return rotated == 1 ? byId(clientId).map(client -> new RegisteredClient(client, secret)) : Optional.empty();
    }

    /**
     * Has {@code listener} told of every client whose secret changed or that was deleted through this object, once
     * the change's transaction has ended: with its client id, or with null when any client of an account may have
     * gone. Whoever keeps clients for a while forgets them then.
     */
    public void onChange(Consumer<String> listener) {
        changeListeners.add(listener);
    }

    private void changed(String clientId) {
        AfterTransaction.run(() -> changeListeners.forEach(listener -> listener.accept(clientId)));
    }

    /** A client with the SHA-256 of its secret, null for a public client. */
    public record WithSecretHash(OAuthClient client, byte[] secretHash) {
    }

    /** A client and its secret's hash in one query, as the token endpoint needs both. */
    public Optional<WithSecretHash> withSecretHash(String clientId) {
        return jdbc.sql("SELECT " + COLUMNS + ", secret_hash FROM console.oauth_clients WHERE client_id = :id")
                .param("id", clientId)
                .query((rs, n) -> new WithSecretHash(map(rs, n), rs.getBytes("secret_hash")))
                .optional();
    }

    /** True when {@code secret} is the confidential client's secret. */
    public boolean secretMatches(String clientId, String secret) {
        if (secret == null) {
            return false;
        }
        return jdbc.sql("SELECT secret_hash FROM console.oauth_clients WHERE client_id = :id")
                .param("id", clientId).query(byte[].class).optional()
                .map(hash -> hash != null && MessageDigest.isEqual(hash, sha256(secret)))
                .orElse(false);
    }

    /** Refuses a redirect URI that is not absolute, has a fragment, or is plain HTTP to a host other than loopback. */
    public static void checkRedirectUri(String raw) {
        URI uri;
        try {
            uri = new URI(raw);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("redirect-uri must be an absolute URI, got '" + raw + "'");
        }
        if (!uri.isAbsolute() || uri.getHost() == null || uri.getFragment() != null) {
            throw new IllegalArgumentException("redirect-uri must be an absolute http(s) URI without a fragment, got '" + raw + "'");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        boolean loopback = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
        if (!scheme.equals("https") && !(scheme.equals("http") && loopback)) {
            throw new IllegalArgumentException("redirect-uri must use https (http only for localhost), got '" + raw + "'");
        }
    }

    private static OAuthClient map(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new OAuthClient(rs.getString("client_id"), rs.getObject("account_id", UUID.class),
                rs.getString("name"), List.of((String[]) rs.getArray("redirect_uris").getArray()),
                rs.getBoolean("public_client"), rs.getTimestamp("created_at").toInstant());
    }

    private String token(int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** The SHA-256 of a client secret as stored. */
    public static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
