package dev.quintet.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.platform.testing.TestPlatform;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/** Rows copied in arrive as they were given, whatever their text holds, and inside the caller's transaction. */
class CopyRowsTest {

    private static final String TABLE = "copy_rows_test (id, note, flag, amount, at, ref, count)";

    static TestPlatform platform;
    static DataSource dataSource;
    static JdbcClient jdbc;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(Clock.systemUTC());
        dataSource = platform.bean(DataSource.class);
        jdbc = platform.bean(JdbcClient.class);
        jdbc.sql("""
                CREATE TABLE IF NOT EXISTS copy_rows_test (id text PRIMARY KEY, note text, flag boolean,
                    amount numeric, at timestamptz, ref uuid, count bigint)""").update();
    }

    @AfterAll
    static void stop() {
        jdbc.sql("DROP TABLE copy_rows_test").update();
        platform.close();
    }

    @BeforeEach
    void empty() {
        jdbc.sql("TRUNCATE copy_rows_test").update();
    }

    @Test
    void valuesArriveAsGivenEscapesAndNullsIncluded() {
        UUID ref = UUID.randomUUID();
        Instant at = Instant.parse("2026-11-27T02:00:00.123Z");
        String awkward = "tab\there, new\nline, return\r, back\\slash, \\N, quote ' \" and ünïcødé 雪 🙂";

        long copied = new CopyRows()
                .add("a", awkward, true, new BigDecimal("0.000000123"), at, ref, 42L)
                .add("b", null, false, null, null, null, null)
                .add("c", "nul\0byte", null, new BigDecimal("1E+3"), at, ref, -1)
                .into(dataSource, TABLE);

        assertThat(copied).isEqualTo(3);
        List<Map<String, Object>> rows = jdbc.sql("SELECT * FROM copy_rows_test ORDER BY id").query().listOfRows();
        assertThat(rows.get(0)).containsEntry("note", awkward).containsEntry("flag", true)
                .containsEntry("ref", ref).containsEntry("count", 42L);
        assertThat((BigDecimal) rows.get(0).get("amount")).isEqualByComparingTo("0.000000123");
        assertThat(jdbc.sql("SELECT at FROM copy_rows_test WHERE id = 'a'").query(Timestamp.class).single()
                .toInstant()).isEqualTo(at);
        assertThat(rows.get(1)).containsEntry("note", null).containsEntry("flag", false).containsEntry("amount", null)
                .containsEntry("at", null).containsEntry("ref", null).containsEntry("count", null);
        assertThat(rows.get(2)).containsEntry("note", "nul\uFFFDbyte");
        assertThat((BigDecimal) rows.get(2).get("amount")).isEqualByComparingTo("1000");
    }

    @Test
    void aCopyJoinsTheCallersTransaction() {
        TransactionTemplate transactions = platform.bean(TransactionTemplate.class);

        transactions.executeWithoutResult(tx -> {
            new CopyRows().add("rolled-back", "x", true, BigDecimal.ONE, Instant.now(), UUID.randomUUID(), 1)
                    .into(dataSource, TABLE);
            assertThat(jdbc.sql("SELECT count(*) FROM copy_rows_test").query(Long.class).single()).isEqualTo(1);
            tx.setRollbackOnly();
        });

        assertThat(jdbc.sql("SELECT count(*) FROM copy_rows_test").query(Long.class).single()).isZero();
    }

    @Test
    void aRowTheTableRefusesFailsTheWholeCopyAsAStatementWould() {
        new CopyRows().add("dup", null, null, null, null, null, null).into(dataSource, TABLE);

        assertThatThrownBy(() -> new CopyRows()
                .add("fresh", null, null, null, null, null, null)
                .add("dup", null, null, null, null, null, null)
                .into(dataSource, TABLE))
                .isInstanceOf(DataIntegrityViolationException.class).hasMessageContaining("dup");
        assertThat(jdbc.sql("SELECT id FROM copy_rows_test").query(String.class).list()).containsExactly("dup");
    }
}
