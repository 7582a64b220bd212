package dev.quintet.router.generations;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.credits.Hold;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.Settlement;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.testing.Json;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Records of generations that moved money are written with their charges, many requests' in one transaction: each
 * request is charged once, with its own record, behind its answer, and every read finds the charge.
 */
class ChargedRecordsTest extends RouterTest {

    @Test
    void paidRequestsFinishingTogetherAreEachChargedOnceAndRecordedWithTheirCost() throws Exception {
        TestCaller caller = callerWith("1");
        List<Callable<String>> calls = IntStream.range(0, 24)
                .<Callable<String>>mapToObj(i -> () -> chat(caller, "{\"model\":\"test/ok\"," + HI + "}").body())
                .toList();

        List<String> answers;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            answers = pool.invokeAll(calls).stream().map(ChargedRecordsTest::get).toList();
        }

        BigDecimal charged = BigDecimal.ZERO;
        for (String answer : answers) {
            BigDecimal cost = Json.decimal(answer, "/usage/cost");
            String id = JsonPath.read(answer, "$.id");
            HttpResponse<String> record = Http.get(router.url() + "/api/v1/generation?id=" + id, caller.auth());
            assertThat(record.statusCode()).isEqualTo(200);
            assertThat(Json.decimal(record.body(), "/data/total_cost")).isEqualByComparingTo(cost);
            charged = charged.add(cost);
        }
        assertThat(charged).isPositive();
        assertThat(router.credits().balance(caller.accountId())).isEqualByComparingTo(BigDecimal.ONE.subtract(charged));
        assertThat(router.credits().available(caller.accountId())).as("no hold is left")
                .isEqualByComparingTo(BigDecimal.ONE.subtract(charged));
        assertThat(router.credits().entries(caller.accountId(), 100)).hasSize(25);
    }

    @Test
    void aPaidAnswerDoesNotWaitForItsChargeWhichIsMadeOnceTheDatabaseLetsIt() throws Exception {
        TestCaller caller = callerWith("1");
        BigDecimal first = Json.decimal(chat(caller, "{\"model\":\"test/ok\"," + HI + "}").body(), "/usage/cost");
        HttpResponse<String> second;
        try (Connection blocker = router.platform().bean(DataSource.class).getConnection()) {
            blocker.setAutoCommit(false);
            try (PreparedStatement lock = blocker.prepareStatement(
                    "SELECT * FROM platform.credit_holds WHERE account_id = ? FOR UPDATE")) {
                lock.setObject(1, caller.accountId());
                lock.executeQuery().close();
            }
            // the charge's statement now waits for the lease's row; the answer must not
            second = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> chat(caller, "{\"model\":\"test/ok\"," + HI + "}"));
            blocker.rollback();
        }

        assertThat(second.statusCode()).isEqualTo(200);
        BigDecimal charged = first.add(Json.decimal(second.body(), "/usage/cost"));
        assertThat(router.credits().balance(caller.accountId())).isEqualByComparingTo(BigDecimal.ONE.subtract(charged));
    }

    @Test
    void aRecordThatCannotBeWrittenUndoesNeitherItsChargeNorTheOthers() throws Exception {
        TestCaller caller = callerWith("1");
        Credits credits = router.credits();
        Generations generations = new Generations(router.platform().bean(DataSource.class),
                router.platform().bean(TransactionTemplate.class), credits, router.bean(KeyLimits.class));
        Generation taken = generation("gen-1767225600-ChargedRecord0000000", caller, "0.25");
        generations.add(taken);
        List<Generation> records = List.of(taken, generation("gen-1767225600-ChargedRecord0000001", caller, "0.125"),
                generation("gen-1767225600-ChargedRecord0000002", caller, "0.0625"));

        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> charged = records.stream().<Future<?>>map(g -> pool.submit(() -> {
                Hold hold = credits.hold(caller.accountId(), g.cost(), Duration.ofMinutes(5)).orElseThrow();
                generations.addCharged(g, new Settlement(credits.settlement(hold, g.cost(), "charge " + g.id()), null));
            })).toList();
            for (Future<?> f : charged) {
                f.get();
            }
        } finally {
            generations.close();
        }

        assertThat(credits.balance(caller.accountId())).isEqualByComparingTo("0.5625");
        assertThat(credits.available(caller.accountId())).isEqualByComparingTo("0.5625");
        Generations reader = new Generations(router.platform().bean(DataSource.class),
                router.platform().bean(TransactionTemplate.class), credits, router.bean(KeyLimits.class));
        try {
            assertThat(reader.recent(caller.accountId(), 10)).extracting(Generation::id)
                    .containsExactlyInAnyOrderElementsOf(records.stream().map(Generation::id).toList());
        } finally {
            reader.close();
        }
    }

    private static Generation generation(String id, TestCaller caller, String cost) {
        return new Generation(id, caller.accountId(), caller.keyId(), null, "test/ok", "test/ok", "Fake A", null,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), false, false, "stop", "stop",
                new TokenUsage(10, 10, 0, 0, 0, 0), false, new BigDecimal(cost), 1, null, List.of(), null);
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
