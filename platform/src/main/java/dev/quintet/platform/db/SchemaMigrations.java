package dev.quintet.platform.db;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/** Each module owns one schema and migrates it from {@code classpath:db/migration/<schema>}. */
public final class SchemaMigrations {

    private SchemaMigrations() {
    }

    public static void migrate(DataSource dataSource, String schema) {
        Flyway.configure()
                .dataSource(dataSource)
                .schemas(schema)
                .createSchemas(true)
                .locations("classpath:db/migration/" + schema)
                .failOnMissingLocations(true)
                .load()
                .migrate();
    }
}
