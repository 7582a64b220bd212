package dev.quintet.platform;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Platform settings. Each has a {@code QUINTET_*} environment variable (relaxed binding), e.g.
 * {@code QUINTET_DATA_DIR}, {@code QUINTET_DATABASE_URL}, {@code QUINTET_REDIS_URL}.
 *
 * @param dataDir where the embedded database keeps its files
 * @param databaseUrl JDBC URL of an external PostgreSQL; empty means the embedded one
 * @param databaseUser user for the external database (may also be in the URL)
 * @param databasePassword password for the external database (may also be in the URL)
 * @param redisUrl Redis URI for quotas shared across nodes; empty means in-memory quotas
 * @param usageFlushInterval how often usage counters are written to the database
 * @param keyCacheTtl how long a looked-up API key is trusted before it is read again
 * @param tlsKeystore a keystore with the server certificate and key; when set every app serves HTTPS only
 * @param tlsKeystorePassword its password
 * @param tlsKeystoreType its type ({@code PKCS12} or {@code JKS})
 */
@ConfigurationProperties("quintet")
public record PlatformProperties(
        @DefaultValue("./data") Path dataDir,
        @DefaultValue("") String databaseUrl,
        @DefaultValue("") String databaseUser,
        @DefaultValue("") String databasePassword,
        @DefaultValue("") String redisUrl,
        @DefaultValue("10s") Duration usageFlushInterval,
        @DefaultValue("5s") Duration keyCacheTtl,
        @DefaultValue("") String tlsKeystore,
        @DefaultValue("") String tlsKeystorePassword,
        @DefaultValue("PKCS12") String tlsKeystoreType) {

    public boolean tls() {
        return !tlsKeystore.isBlank();
    }
}
