package dev.quintet.router.generations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.RouterTest;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The generations table as the database keeps it. */
class GenerationsTableTest extends RouterTest {

    /** Autovacuum's analyses sort only what reads filter or group by (migration V3); a new such column needs adding. */
    @Test
    void statisticsAreKeptOnlyForTheColumnsReadsFilterOrGroupBy() {
        assertThat(router.platform().bean(JdbcClient.class).sql("""
                SELECT attname FROM pg_attribute
                WHERE attrelid = 'router.generations'::regclass AND attnum > 0 AND NOT attisdropped
                  AND coalesce(attstattarget, -1) <> 0""").query(String.class).list())
                .containsExactlyInAnyOrder("account_id", "key_id", "model", "provider", "created_at", "error_code");
    }
}
