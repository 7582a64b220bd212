package dev.quintet.router.generations;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
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
        JdbcClient jdbc = router.platform().bean(JdbcClient.class);
        Generations writer = new Generations(jdbc, router.platform().bean(TransactionTemplate.class),
                router.platform().bean(Credits.class));
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String id = "gen-1767225600-WrittenBehin" + String.format("%08d", i);
            ids.add(id);
            writer.addLater(new Generation(id, caller.accountId(), caller.keyId(), "req-" + i, "test/free",
                    "test/free", "Fake A", null, Instant.now().truncatedTo(ChronoUnit.MILLIS), false, false, "stop",
                    TokenUsage.NONE, false, BigDecimal.ZERO, 1, null, List.of(), null));
        }

        writer.close();

        Generations reader = new Generations(jdbc, router.platform().bean(TransactionTemplate.class),
                router.platform().bean(Credits.class));
        try {
            assertThat(ids).allSatisfy(id -> assertThat(reader.find(id, caller.accountId())).isPresent());
        } finally {
            reader.close();
        }
    }
}
