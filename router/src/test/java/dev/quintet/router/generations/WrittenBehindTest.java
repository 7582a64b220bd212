package dev.quintet.router.generations;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.jayway.jsonpath.JsonPath;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Records of generations that moved no money are written behind the answer, yet found by every read after it. */
class WrittenBehindTest extends RouterTest {

    @Test
    void aFreeGenerationIsFoundRightAfterItsAnswer() {
        for (int i = 0; i < 20; i++) {
            String id = JsonPath.read(chat("{\"model\":\"test/free\"," + HI + "}").body(), "$.id");

            HttpResponse<String> record = Http.get(router.url() + "/api/v1/generation?id=" + id, router.auth());

            assertThat(record.statusCode()).isEqualTo(200);
            assertThat((String) JsonPath.read(record.body(), "$.data.model")).isEqualTo("test/free");
            assertThat(Json.decimal(record.body(), "/data/total_cost")).isEqualByComparingTo("0");
        }
    }

    @Test
    void aFailedGenerationIsFoundRightAfterItsError() {
        HttpResponse<String> error = chat("{\"model\":\"test/all-500\"," + HI + "}");
        String id = error.headers().firstValue("X-Generation-Id").orElseThrow();

        HttpResponse<String> record = Http.get(router.url() + "/api/v1/generation?id=" + id, router.auth());

        assertThat(error.statusCode()).isGreaterThanOrEqualTo(400);
        assertThat(record.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(record.body(), "$.data.finish_reason")).isEqualTo("error");
    }

    @Test
    void closingWritesWhatIsQueued() throws Exception {
        TestCaller caller = router.newCaller();
        DataSource dataSource = router.platform().bean(DataSource.class);
        Generations writer = new Generations(dataSource, router.platform().bean(TransactionTemplate.class),
                router.platform().bean(Credits.class), router.bean(KeyLimits.class));
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String id = "gen-1767225600-WrittenBehin" + String.format("%08d", i);
            ids.add(id);
            writer.addLater(new Generation(id, caller.accountId(), caller.keyId(), "req-" + i, "test/free",
                    "test/free", "Fake A", null, Instant.now().truncatedTo(ChronoUnit.MILLIS), false, false, "stop",
                    "stop", TokenUsage.NONE, false, BigDecimal.ZERO, 1, null, List.of(), null));
        }

        writer.close();

        Generations reader = new Generations(dataSource, router.platform().bean(TransactionTemplate.class),
                router.platform().bean(Credits.class), router.bean(KeyLimits.class));
        try {
            assertThat(ids).allSatisfy(id -> assertThat(reader.find(id, caller.accountId())).isPresent());
        } finally {
            reader.close();
        }
    }

    @Test
    void closingWithTheDatabaseUnreachableGivesUpOnTheBatchInsteadOfTryingEachRecord() throws Exception {
        TestCaller caller = router.newCaller();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:postgresql://127.0.0.1:1/postgres"); // nothing listens on port 1
        config.setConnectionTimeout(500);
        config.setInitializationFailTimeout(-1);
        try (HikariDataSource unreachable = new HikariDataSource(config)) {
            Generations writer = new Generations(unreachable,
                    new TransactionTemplate(new DataSourceTransactionManager(unreachable)),
                    router.platform().bean(Credits.class), router.bean(KeyLimits.class));
            for (int i = 0; i < 40; i++) {
                writer.addLater(new Generation("gen-1767225600-Unreachable" + String.format("%08d", i),
                        caller.accountId(), caller.keyId(), "req-" + i, "test/free", "test/free", "Fake A", null,
                        Instant.now(), false, false, "stop", "stop", TokenUsage.NONE, false, BigDecimal.ZERO, 1, null,
                        List.of(), null));
            }
            // one try of the batch (0.5 s), where trying each record again would take 40 x 0.5 s more
            assertTimeoutPreemptively(Duration.ofSeconds(10), writer::close);
        }
    }
}
