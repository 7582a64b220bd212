package dev.quintet.platform.testing;

import dev.quintet.platform.db.EmbeddedDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The database tests run against: one embedded PostgreSQL per test JVM (started on first use, stopped at exit),
 * or the external server named by {@code QUINTET_TEST_DATABASE_URL} where a test asks for it.
 */
public final class TestDatabase {

    public static final String EXTERNAL_URL_VARIABLE = "QUINTET_TEST_DATABASE_URL";

    private static EmbeddedDatabase embedded;

    private TestDatabase() {
    }

    /** JDBC URL of the shared embedded server of this JVM. */
    public static synchronized String embeddedUrl() {
        if (embedded == null) {
            try {
                Path dir = Files.createTempDirectory("quintet-test-pg");
                embedded = EmbeddedDatabase.open(dir.resolve("postgres"));
                Runtime.getRuntime().addShutdownHook(new Thread(embedded::close));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return embedded.jdbcUrl();
    }

    /** The external server's URL, or null when none is configured. */
    public static String externalUrl() {
        String url = System.getenv(EXTERNAL_URL_VARIABLE);
        return url == null || url.isBlank() ? null : url;
    }
}
